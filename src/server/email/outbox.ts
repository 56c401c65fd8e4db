import { and, eq, lte, sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { filaEmails } from "../db/schema";
import type { MailAttachment, MailMessage, Mailer } from "./mailer";

/** What a message is for; kept with it so an operator reading the queue knows what failed. */
export type EmailKind = "recuperacao_senha" | "novo_usuario" | "autorizacao_visita";

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  log: { info(line: string): void; warn(line: string): void; error(line: string): void };
  /** How often the worker looks for due messages besides being woken by an enqueue. */
  pollMs?: number;
  /** Attempts before a message is marked 'falhou'. */
  maxAttempts?: number;
}

export interface Outbox {
  /** Queues a message; `tx` makes it part of the caller's transaction. Sends nothing itself. */
  enqueue(kind: EmailKind, message: MailMessage, tx?: Db): Promise<void>;
  /** Sends every due message now (after any pass already running); returns how many were sent. */
  deliverPending(): Promise<number>;
  /** Starts the background worker (polling, and woken by each enqueue of this instance). */
  start(): void;
  /** Stops the worker after the pass in progress. */
  stop(): Promise<void>;
  /** For monitoring: messages waiting (due or in back-off) and messages given up on. */
  stats(): Promise<{ pendentes: number; falhas: number }>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;
/** A claimed message is invisible to other workers this long; if its sender dies it comes back. */
const LEASE_SECONDS = 300;
const BATCH = 20;

/** 30 s after the first failure, doubling, at most an hour apart: about 3 hours over 10 attempts. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export function createOutbox({ db, mailer, log, pollMs = 5_000, maxAttempts = DEFAULT_MAX_ATTEMPTS }: OutboxOptions): Outbox {
  let running: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  async function claim() {
    // SKIP LOCKED: several instances share the queue without sending a message twice; the lease
    // (next attempt pushed ahead) hands a message back if this process dies before answering.
    return queryRows<{
      id: string;
      destinatario: string;
      assunto: string;
      texto: string;
      html: string;
      anexos: MailAttachment[] | string | null;
      tentativas: number;
    }>(
      db,
      sql`
      update portal_fila_emails f
         set tentativas = f.tentativas + 1,
             proxima_tentativa_em = now() + make_interval(secs => ${LEASE_SECONDS})
       where f.id in (select id from portal_fila_emails
                       where status = 'pendente' and proxima_tentativa_em <= now()
                       order by proxima_tentativa_em
                       limit ${BATCH}
                       for update skip locked)
      returning f.id, f.destinatario, f.assunto, f.texto, f.html, f.anexos, f.tentativas`,
    );
  }

  async function sendOne(row: Awaited<ReturnType<typeof claim>>[number]): Promise<boolean> {
    try {
      // jsonb arrives parsed from pg and PGlite alike; a string only from an older driver.
      const anexos = typeof row.anexos === "string" ? (JSON.parse(row.anexos) as MailAttachment[]) : row.anexos;
      await mailer.send({ to: row.destinatario, subject: row.assunto, text: row.texto, html: row.html, ...(anexos?.length ? { attachments: anexos } : {}) });
    } catch (error) {
      const reason = (error as Error).message.slice(0, 1000);
      const exhausted = row.tentativas >= maxAttempts;
      await db
        .update(filaEmails)
        .set(
          exhausted
            ? { status: "falhou", ultimo_erro: reason }
            : { ultimo_erro: reason, proxima_tentativa_em: sql`now() + make_interval(secs => ${retryDelaySeconds(row.tentativas)})` },
        )
        .where(eq(filaEmails.id, row.id));
      const line = `[email] falha ao enviar "${row.assunto}" (${row.id}), tentativa ${row.tentativas} de ${maxAttempts}: ${reason}`;
      if (exhausted) log.error(`${line}; desistindo (npm run emails mostra e reenvia)`);
      else log.warn(line);
      return false;
    }
    // Sent: the body (a recovery link) is erased; who, what and when stay for the operator.
    await db
      .update(filaEmails)
      .set({ status: "enviado", enviado_em: new Date(), texto: "", html: "", anexos: null, ultimo_erro: null })
      .where(eq(filaEmails.id, row.id));
    return true;
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) if (await sendOne(row)) sent++;
      if (rows.length < BATCH) return sent;
    }
  }

  /** Passes run one after another in this process; a failing pass is logged, never thrown away silently. */
  function runPass(): Promise<number> {
    running = running.then(pass, pass).catch((error: Error) => {
      log.error(`[email] fila de emails: ${error.message}`);
      return 0;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runPass().then(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    async enqueue(kind, message, tx) {
      await (tx ?? db).insert(filaEmails).values({
        tipo: kind,
        destinatario: message.to,
        assunto: message.subject,
        texto: message.text,
        html: message.html,
        anexos: message.attachments?.length ? message.attachments : null,
      });
      if (!stopped) setImmediate(() => void runPass());
    },
    deliverPending: runPass,
    start() {
      if (!stopped) return;
      stopped = false;
      void runPass().then(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async stats() {
      const [counts] = await queryRows<{ pendentes: number; falhas: number }>(
        db,
        sql`
        select count(*) filter (where status = 'pendente')::int as pendentes,
               count(*) filter (where status = 'falhou')::int as falhas
          from portal_fila_emails where status <> 'enviado'`,
      );
      return { pendentes: Number(counts?.pendentes ?? 0), falhas: Number(counts?.falhas ?? 0) };
    },
  };
}

/** Sent messages older than this are deleted; failed ones stay until an operator acts. */
export async function purgeSentEmails(db: Db, olderThanDays = 30) {
  await db.delete(filaEmails).where(and(eq(filaEmails.status, "enviado"), lte(filaEmails.enviado_em, sql`now() - make_interval(days => ${olderThanDays})`)));
}
