import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/client";
import { filaEmails } from "../db/schema";
import { createMailer, type Mailer } from "../email/mailer";
import { createOutbox, EMAIL_JOB, EMAIL_SWEEP_JOB, retryDelaySeconds, type Outbox } from "../email/outbox";
import { CHECKPOINT_JOB, HOUSEKEEPING_JOB } from "../housekeeping";
import { createTestApp, openTestDatabase, type TestApp } from "../testing/harness";
import { startSmtpServer } from "../testing/smtp-sink";
import { createJobQueue, type JobQueue } from "./queue";

// The job queue (pg-boss) on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), its
// workers sending to a real SMTP server on loopback: the e-mail outbox without `deliverPending`.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logged: string[] = [];
const log = { info: (l: string) => logged.push(l), warn: (l: string) => logged.push(l), error: (l: string) => logged.push(`ERRO ${l}`) };
const running: { queue: JobQueue; outbox: Outbox }[] = [];

/** One instance's worker: a queue and an outbox on it, started. */
async function instance(mailer?: Mailer) {
  const queue = createJobQueue(database, log, { schedules: false });
  const outbox = createOutbox({
    db: database.db,
    mailer: mailer ?? createMailer({ smtpUrl: smtp.url, from: "Portal <teste@localhost>", log: () => undefined }),
    log,
    queue,
  });
  await queue.start();
  running.push({ queue, outbox });
  return { queue, outbox };
}
const message = (to: string) => ({ to, subject: "Boas-vindas", text: `Olá ${to}`, html: `<p>Olá ${to}</p>` });
const row = async (to: string) => (await database.db.select().from(filaEmails).where(eq(filaEmails.destinatario, to)))[0]!;
const received = (to: string) => smtp.inbox.filter((m) => m.to === to).length;
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("tempo esgotado");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** The e-mail jobs of message `id` in pg-boss's table, by state. */
const jobsOf = (id: string) =>
  queryRows<{ state: string; start_ms: number }>(
    database.db,
    sql`select state, extract(epoch from start_after)::float8 * 1000 as start_ms from pgboss.job where name = ${EMAIL_JOB} and data->>'id' = ${id} order by created_on`,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const { queue, outbox } of running) {
    await queue.stop();
    await outbox.stop();
  }
  await smtp.close();
  await database.dispose();
});

describe("the e-mail outbox on the job queue", () => {
  it("sends a queued message by its job, with no pass asked for", async () => {
    const { outbox } = await instance();
    await outbox.enqueue("novo_usuario", message("job-a@teste.local"));
    await until(async () => (await row("job-a@teste.local")).status === "enviado");
    expect(received("job-a@teste.local")).toBe(1);
    expect(await row("job-a@teste.local")).toMatchObject({ tentativas: 1, texto: "", html: "" });
    const [job] = await jobsOf((await row("job-a@teste.local")).id);
    expect(job?.state).toBe("completed");
  });

  it("writes the job in the caller's transaction: a rollback leaves neither message nor job", async () => {
    const { outbox } = await instance();
    const before = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = ${EMAIL_JOB}`);
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.enqueue("novo_usuario", message("job-b@teste.local"), tx as never);
        throw new Error("falha depois de enfileirar");
      }),
    ).rejects.toThrow("falha depois de enfileirar");
    const after = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = ${EMAIL_JOB}`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    expect(await database.db.select().from(filaEmails).where(eq(filaEmails.destinatario, "job-b@teste.local"))).toHaveLength(0);
  });

  it("queues the next attempt of a refused message as a job due when the row says", async () => {
    const { outbox } = await instance();
    smtp.refuse(1);
    await outbox.enqueue("recuperacao_senha", message("job-c@teste.local"));
    await until(async () => (await row("job-c@teste.local")).tentativas === 1 && (await row("job-c@teste.local")).ultimo_erro !== null);
    const failed = await row("job-c@teste.local");
    expect(failed).toMatchObject({ status: "pendente" });
    expect(failed.ultimo_erro).toContain("451");
    let jobs: Awaited<ReturnType<typeof jobsOf>> = [];
    await until(async () => (jobs = await jobsOf(failed.id)).length === 2);
    expect(jobs[1]!.state).toBe("created");
    // The retry's job starts when the row's next attempt is due (30 s after the first failure).
    expect(Math.abs(Number(jobs[1]!.start_ms) - failed.proxima_tentativa_em.getTime())).toBeLessThan(2000);
    expect((Number(jobs[1]!.start_ms) - Date.now()) / 1000).toBeGreaterThan(retryDelaySeconds(1) - 5);

    // As if the back-off had passed: the job's worker sends it, once.
    await database.db
      .update(filaEmails)
      .set({ proxima_tentativa_em: sql`now()` })
      .where(eq(filaEmails.id, failed.id));
    await database.db.execute(sql`update pgboss.job set start_after = now() where name = ${EMAIL_JOB} and data->>'id' = ${failed.id} and state = 'created'`);
    await until(async () => (await row("job-c@teste.local")).status === "enviado");
    expect(await row("job-c@teste.local")).toMatchObject({ tentativas: 2 });
    expect(received("job-c@teste.local")).toBe(1);
  });

  it("sends, by the sweep's job, a message that has no job (an operator's resend)", async () => {
    const { queue } = await instance();
    await database.db
      .insert(filaEmails)
      .values({ tipo: "novo_usuario", destinatario: "job-d@teste.local", assunto: "Reenvio", texto: "Olá", html: "<p>Olá</p>" });
    await queue.boss.send(EMAIL_SWEEP_JOB, {});
    await until(async () => (await row("job-d@teste.local")).status === "enviado");
    expect(received("job-d@teste.local")).toBe(1);
  });

  it("sends each message once when several instances' workers share the queue", async () => {
    const workers = [await instance(), await instance(), await instance()];
    for (let i = 0; i < 30; i++) await workers[i % 3]!.outbox.enqueue("novo_usuario", message(`job-lote-${i}@teste.local`));
    await until(async () => {
      const [left] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from portal_fila_emails where destinatario like 'job-lote-%' and status <> 'enviado'`,
      );
      return Number(left!.n) === 0;
    }, 30_000);
    for (let i = 0; i < 30; i++) expect(received(`job-lote-${i}@teste.local`)).toBe(1);
  });

  it("stops gracefully: takes no new job, lets the running one finish", async () => {
    let release: () => void = () => undefined;
    let sending = false;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const slow: Mailer = {
      outbox: [],
      close: () => undefined,
      async send(m) {
        sending = true;
        await gate;
        sent.push(m.to);
      },
    };
    const { queue, outbox } = await instance(slow);
    // Only this instance's worker may take it: the others' stop first.
    for (const other of running.filter((r) => r.queue !== queue)) await other.queue.stop();
    await outbox.enqueue("novo_usuario", message("job-e@teste.local"));
    await until(() => sending);
    const stopped = queue.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await stopped;
    expect(sent).toEqual(["job-e@teste.local"]);
    expect(await row("job-e@teste.local")).toMatchObject({ status: "enviado" });
    // Stopped: a message is still queued (its row), for the next worker to send.
    await outbox.enqueue("novo_usuario", message("job-f@teste.local"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await row("job-f@teste.local")).toMatchObject({ status: "pendente", tentativas: 0 });
    expect(sent).toEqual(["job-e@teste.local"]);
  });
});

describe("the housekeeping on the job queue", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("schedules its jobs, once for all instances, in pg-boss", async () => {
    const schedules = await t.jobs.boss.getSchedules();
    expect(Object.fromEntries(schedules.map((s) => [s.name, s.cron]))).toMatchObject({
      [HOUSEKEEPING_JOB]: "0 * * * *",
      [CHECKPOINT_JOB]: "*/5 * * * *",
      [EMAIL_SWEEP_JOB]: "* * * * *",
    });
  });

  it("deletes old sent e-mails when its hourly job runs", async () => {
    const [old] = await t.database.db
      .insert(filaEmails)
      .values({
        tipo: "novo_usuario",
        destinatario: "antigo@teste.local",
        assunto: "Antigo",
        texto: "",
        html: "",
        status: "enviado",
        enviado_em: new Date(Date.now() - 31 * 86_400_000),
      })
      .returning({ id: filaEmails.id });
    await t.jobs.boss.send(HOUSEKEEPING_JOB, {});
    await until(async () => (await t.database.db.select().from(filaEmails).where(eq(filaEmails.id, old!.id))).length === 0);
  });
});
