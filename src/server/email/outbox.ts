import { and, eq, lte, sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client";
import { filaEmails } from "../db/schema";
import type { JobQueue } from "../jobs/queue";
import type { MailAttachment, MailMessage, Mailer } from "./mailer";

/** What a message is for; kept with it so an operator reading the queue knows what failed. */
export type EmailKind = "recuperacao_senha" | "novo_usuario" | "autorizacao_visita" | "convite_morador" | "notificacao_morador" | "resumo_diario";

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  log: { info(line: string): void; warn(line: string): void; error(line: string): void };
  /**
   * The job queue that runs the sending (jobs/queue.ts): a job per message when it is queued or
   * due again, and a sweep every minute. Without it (scripts, the outbox's own tests) messages
   * are only queued, and sent by `deliverPending`.
   */
  queue?: JobQueue;
  /** Attempts before a message is marked 'falhou'. */
  maxAttempts?: number;
}

export interface Outbox {
  /** Queues a message; `tx` makes it part of the caller's transaction. Sends nothing itself. */
  enqueue(kind: EmailKind, message: MailMessage, tx?: Db): Promise<void>;
  /** Sends every due message now (after any sending already running here); returns how many were sent. */
  deliverPending(): Promise<number>;
  /** Waits for the sending in progress in this process. */
  stop(): Promise<void>;
  /** For monitoring: messages waiting (due or in back-off) and messages given up on. */
  stats(): Promise<{ pendentes: number; falhas: number }>;
}

/** The job that sends one message (its row id), queued with it and again when it is due again. */
export const EMAIL_JOB = "email-enviar";
/** Every minute, any instance: sends what is due without a job (an operator's resend, a lease run out). */
export const EMAIL_SWEEP_JOB = "email-varrer";

export const DEFAULT_MAX_ATTEMPTS = 10;
/** A claimed message is invisible to other workers this long; if its sender dies it comes back. */
const LEASE_SECONDS = 300;
const BATCH = 20;

/**
 * A new message's job starts this much later: the request that queued it has answered by then, so
 * its answer neither waits on nor races with the sending (the same answer time with or without an
 * account; auth.test.ts "answers before any e-mail is sent").
 */
const SEND_AFTER_SECONDS = 1;

/** 30 s after the first failure, doubling, at most an hour apart: about 3 hours over 10 attempts. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, mailer, log, maxAttempts = DEFAULT_MAX_ATTEMPTS } = options;
  let running: Promise<number> = Promise.resolve(0);
  const queue = options.queue;

  /** The due messages (or the one message `id`, if it is due), each leased to this sender. */
  async function claim(id?: string) {
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
                         ${id === undefined ? sql`` : sql`and id = ${id}`}
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
      const delay = retryDelaySeconds(row.tentativas);
      // The next attempt's job is written with the row's new time: both or neither.
      await db.transaction(async (tx) => {
        await tx
          .update(filaEmails)
          .set(
            exhausted ? { status: "falhou", ultimo_erro: reason } : { ultimo_erro: reason, proxima_tentativa_em: sql`now() + make_interval(secs => ${delay})` },
          )
          .where(eq(filaEmails.id, row.id));
        if (!exhausted) await queue?.send(EMAIL_JOB, { id: row.id }, { tx: tx as unknown as Db, startAfterSeconds: delay });
      });
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

  async function sendJob(ids: string[]): Promise<number> {
    let sent = 0;
    for (const id of ids) for (const row of await claim(id)) if (await sendOne(row)) sent++;
    return sent;
  }

  /**
   * Sending runs one step after another in this process (so `deliverPending` returns after what
   * a job started here); a failing sweep is logged, never thrown away silently.
   */
  function serial(step: () => Promise<number>, rethrow = false): Promise<number> {
    const next = running.then(step, step);
    running = next.catch((error: Error) => {
      log.error(`[email] fila de emails: ${error.message}`);
      return 0;
    });
    return rethrow ? next : running;
  }

  if (queue) {
    // A job's error (the database, not the mail server: that is recorded on the row) fails the
    // job, which pg-boss retries; the sweep is the floor either way.
    queue.define<{ id: string }>(EMAIL_JOB, {
      queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: LEASE_SECONDS },
      // Every job of this queue starts later than it is written (SEND_AFTER_SECONDS, a retry's
      // delay), which a NOTIFY cannot announce: each worker looks every second.
      work: { batchSize: BATCH, pollingIntervalSeconds: 1 },
      handler: async (jobs) => {
        await serial(() => sendJob(jobs.map((job) => job.data.id)), true);
      },
    });
    queue.define(EMAIL_SWEEP_JOB, {
      queue: { retryLimit: 0, expireInSeconds: LEASE_SECONDS },
      cron: "* * * * *",
      handler: async () => {
        await serial(pass, true);
      },
    });
  }

  return {
    async enqueue(kind, message, tx) {
      // The message and its job in one transaction: the caller's, or one of their own.
      const write = async (t: Db) => {
        const [row] = await t
          .insert(filaEmails)
          .values({
            tipo: kind,
            destinatario: message.to,
            assunto: message.subject,
            texto: message.text,
            html: message.html,
            anexos: message.attachments?.length ? message.attachments : null,
          })
          .returning({ id: filaEmails.id });
        await queue?.send(EMAIL_JOB, { id: row!.id }, { tx: t, startAfterSeconds: SEND_AFTER_SECONDS });
      };
      if (tx || !queue?.running) await write(tx ?? db);
      else await db.transaction((t) => write(t as unknown as Db));
    },
    deliverPending: () => serial(pass),
    async stop() {
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
