import type { FastifyInstance } from "fastify";
import { purgeOldAttempts } from "./auth/attempt-limiter";
import type { Db } from "./db/client";
import { purgeSentEmails, type Outbox } from "./email/outbox";
import type { JobQueue } from "./jobs/queue";
import { anonimizarRegistrosAntigos } from "./modules/registros/retencao";
import { gravarCheckpoints, type Cadeia } from "./modules/registros/selos";

/** Once an hour, on one instance: old attempt counters and sent e-mails, records past retention. */
export const HOUSEKEEPING_JOB = "limpeza";
/** Every five minutes, on one instance: a checkpoint of the chains that moved. */
export const CHECKPOINT_JOB = "checkpoints";

/**
 * Background work tied to the app's life, on the job queue (jobs/queue.ts): the queue's workers
 * run while the app is ready (the e-mail outbox's among them). Once an hour old attempt counters
 * and sent e-mails are deleted and access records past their condominium's retention are
 * anonymised (gatehouse-spec §5), in the log; every five minutes, and when this instance stops,
 * the chains that moved get a checkpoint outside the database (registros/selos.ts). The cron jobs
 * run once per slot for all instances together; a failure is logged and waits for the next slot.
 */
export function startHousekeeping(app: FastifyInstance, db: Db, queue: JobQueue, outbox: Outbox, cadeia?: Cadeia) {
  const checkpoint = () =>
    cadeia ? gravarCheckpoints(db, cadeia).catch((error: Error) => app.log.error({ err: error }, "chain checkpoints failed")) : Promise.resolve();
  queue.define(HOUSEKEEPING_JOB, {
    queue: { retryLimit: 0 },
    cron: "0 * * * *",
    handler: async () => {
      const anonimizar = anonimizarRegistrosAntigos(db).then((n) => {
        // A documented operation (docs/operations.md): the chain keeps verifying through dados_hash.
        if (n > 0) app.log.info(`retenção: ${n} registro(s) de acesso anonimizado(s) (nome, documento, placa, autorizado por, observação)`);
      });
      await Promise.all([purgeOldAttempts(db), purgeSentEmails(db), anonimizar]).catch((error: Error) => app.log.error({ err: error }, "housekeeping failed"));
    },
  });
  queue.define(CHECKPOINT_JOB, {
    queue: { retryLimit: 0 },
    cron: "*/5 * * * *",
    handler: async () => {
      await checkpoint();
    },
  });
  app.addHook("onReady", async () => {
    await queue.start();
  });
  app.addHook("onClose", async () => {
    // No new job starts; the running ones finish (or, past the timeout, go back to the queue).
    await queue.stop();
    await outbox.stop();
    await checkpoint();
  });
}
