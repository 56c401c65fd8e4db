import type { FastifyInstance } from "fastify";
import { purgeOldAttempts } from "./auth/attempt-limiter";
import type { Db } from "./db/client";
import { purgeSentEmails, type Outbox } from "./email/outbox";
import { anonimizarRegistrosAntigos } from "./modules/registros/retencao";
import { gravarCheckpoints, type Cadeia } from "./modules/registros/selos";

const HOUR_MS = 60 * 60_000;
const CHECKPOINT_MS = 5 * 60_000;

/**
 * Background work of every instance, tied to the app's life: the e-mail worker runs while the
 * app is ready, and once an hour old attempt counters and sent e-mails are deleted and access
 * records past their condominium's retention are anonymised (gatehouse-spec §5), in the log;
 * every five minutes, and when the app stops, the chains that moved get a checkpoint outside the
 * database (registros/selos.ts).
 */
export function startHousekeeping(app: FastifyInstance, db: Db, outbox: Outbox, cadeia?: Cadeia) {
  let timer: NodeJS.Timeout | undefined;
  let checkpoints: NodeJS.Timeout | undefined;
  const checkpoint = () =>
    cadeia ? gravarCheckpoints(db, cadeia).catch((error: Error) => app.log.error({ err: error }, "chain checkpoints failed")) : Promise.resolve();
  app.addHook("onReady", async () => {
    outbox.start();
    timer = setInterval(() => {
      const anonimizar = anonimizarRegistrosAntigos(db).then((n) => {
        // A documented operation (docs/operations.md): the chain keeps verifying through dados_hash.
        if (n > 0) app.log.info(`retenção: ${n} registro(s) de acesso anonimizado(s) (nome, documento, placa, autorizado por, observação)`);
      });
      Promise.all([purgeOldAttempts(db), purgeSentEmails(db), anonimizar]).catch((error: Error) => app.log.error({ err: error }, "housekeeping failed"));
    }, HOUR_MS);
    timer.unref();
    checkpoints = setInterval(() => void checkpoint(), CHECKPOINT_MS);
    checkpoints.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    clearInterval(checkpoints);
    await checkpoint();
    await outbox.stop();
  });
}
