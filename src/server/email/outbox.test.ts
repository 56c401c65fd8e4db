import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filaEmails } from "../db/schema";
import { openTestDatabase } from "../testing/harness";
import { startSmtpServer } from "../testing/smtp-sink";
import { createMailer } from "./mailer";
import { createOutbox, retryDelaySeconds, type Outbox } from "./outbox";

// The outbox on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) sending to a real
// SMTP server on loopback.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const logged: string[] = [];
const log = { info: (l: string) => logged.push(l), warn: (l: string) => logged.push(l), error: (l: string) => logged.push(`ERRO ${l}`) };
const outboxes: Outbox[] = [];

function outbox(maxAttempts = 10) {
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Portal <teste@localhost>", log: () => undefined });
  const created = createOutbox({ db: database.db, mailer, log, maxAttempts });
  outboxes.push(created);
  return created;
}
const message = (to: string) => ({ to, subject: "Redefinição de senha", text: `Olá ${to}`, html: `<p>Olá ${to}</p>` });
const row = async (to: string) => (await database.db.select().from(filaEmails).where(eq(filaEmails.destinatario, to)))[0]!;
/** Makes a message waiting for its retry due now, as if its back-off had passed. */
const due = (to: string) =>
  database.db
    .update(filaEmails)
    .set({ proxima_tentativa_em: sql`now()` })
    .where(eq(filaEmails.destinatario, to));

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all(outboxes.map((o) => o.stop()));
  await smtp.close();
  await database.dispose();
});

describe("the e-mail outbox", () => {
  it("queues without sending; the worker's pass sends it and erases the body", async () => {
    const box = outbox();
    await box.enqueue("novo_usuario", message("a@teste.local"));
    expect(smtp.inbox.filter((m) => m.to === "a@teste.local")).toHaveLength(0);
    expect(await row("a@teste.local")).toMatchObject({ status: "pendente", tentativas: 0 });
    expect(await box.deliverPending()).toBe(1);
    expect(smtp.inbox.find((m) => m.to === "a@teste.local")).toMatchObject({ subject: "Redefinição de senha", text: "Olá a@teste.local" });
    expect(await row("a@teste.local")).toMatchObject({ status: "enviado", tentativas: 1, texto: "", html: "", ultimo_erro: null });
  });

  it("retries a refused message later with a growing delay, and sends it once the server accepts", async () => {
    const box = outbox();
    smtp.refuse(2);
    await box.enqueue("recuperacao_senha", message("b@teste.local"));
    await box.deliverPending();
    const first = await row("b@teste.local");
    expect(first).toMatchObject({ status: "pendente", tentativas: 1 });
    expect(first.ultimo_erro).toContain("451");
    const wait = (first.proxima_tentativa_em.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(retryDelaySeconds(1) - 5);
    expect(wait).toBeLessThanOrEqual(retryDelaySeconds(1) + 1);
    expect(logged.some((l) => l.includes("tentativa 1 de 10") && l.includes("451"))).toBe(true);

    // Not due yet: a pass leaves it alone.
    expect(await box.deliverPending()).toBe(0);
    expect((await row("b@teste.local")).tentativas).toBe(1);

    await due("b@teste.local");
    await box.deliverPending();
    const second = await row("b@teste.local");
    expect(second).toMatchObject({ status: "pendente", tentativas: 2 });
    expect((second.proxima_tentativa_em.getTime() - Date.now()) / 1000).toBeGreaterThan(retryDelaySeconds(2) - 5);

    await due("b@teste.local");
    expect(await box.deliverPending()).toBe(1);
    expect(await row("b@teste.local")).toMatchObject({ status: "enviado", tentativas: 3 });
    expect(smtp.inbox.filter((m) => m.to === "b@teste.local")).toHaveLength(1);
  });

  it("marks a message 'falhou' after its last attempt, keeps it and says so in the log", async () => {
    const box = outbox(2);
    smtp.refuse(2);
    await box.enqueue("recuperacao_senha", message("c@teste.local"));
    await box.deliverPending();
    await due("c@teste.local");
    await box.deliverPending();
    const failed = await row("c@teste.local");
    expect(failed).toMatchObject({ status: "falhou", tentativas: 2, texto: "Olá c@teste.local" });
    expect(logged.some((l) => l.startsWith("ERRO") && l.includes("tentativa 2 de 2"))).toBe(true);
    expect((await box.stats()).falhas).toBe(1);
    await due("c@teste.local");
    expect(await box.deliverPending()).toBe(0);
    expect(smtp.inbox.filter((m) => m.to === "c@teste.local")).toHaveLength(0);
  });

  it("keeps a message when the mail server cannot be reached at all", async () => {
    const unreachable = createOutbox({
      db: database.db,
      mailer: createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: "Portal <teste@localhost>", log: () => undefined }),
      log,
    });
    outboxes.push(unreachable);
    await unreachable.enqueue("novo_usuario", message("d@teste.local"));
    expect(await unreachable.deliverPending()).toBe(0);
    expect(await row("d@teste.local")).toMatchObject({ status: "pendente", tentativas: 1 });
    await due("d@teste.local");
    expect(await outbox().deliverPending()).toBe(1);
    expect(smtp.inbox.filter((m) => m.to === "d@teste.local")).toHaveLength(1);
  });

  it("sends each message once when several workers (instances) share the queue", async () => {
    const workers = [outbox(), outbox(), outbox()];
    for (let i = 0; i < 30; i++) await workers[0]!.enqueue("novo_usuario", message(`lote-${i}@teste.local`));
    const sent = await Promise.all(workers.map((w) => w.deliverPending()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
    for (let i = 0; i < 30; i++) expect(smtp.inbox.filter((m) => m.to === `lote-${i}@teste.local`)).toHaveLength(1);
  });

  it("is part of the caller's transaction: a rolled-back request queues nothing", async () => {
    const box = outbox();
    await expect(
      database.db.transaction(async (tx) => {
        await box.enqueue("novo_usuario", message("e@teste.local"), tx as never);
        throw new Error("falha depois de enfileirar");
      }),
    ).rejects.toThrow("falha depois de enfileirar");
    expect(await database.db.select().from(filaEmails).where(eq(filaEmails.destinatario, "e@teste.local"))).toHaveLength(0);
  });
});
