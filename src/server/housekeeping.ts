import type { FastifyInstance } from "fastify";
import { purgeOldAttempts } from "./auth/attempt-limiter";
import type { Db } from "./db/client";
import { purgeSentEmails, type Outbox } from "./email/outbox";
import { anonimizarRegistrosAntigos } from "./modules/registros/retencao";

const HOUR_MS = 60 * 60_000;

/**
 * Background work of every instance, tied to the app's life: the e-mail worker runs while the
 * app is ready, and once an hour old attempt counters and sent e-mails are deleted and access
 * records past their condominium's retention are anonymised (gatehouse-spec §5).
 */
export function startHousekeeping(app: FastifyInstance, db: Db, outbox: Outbox) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    outbox.start();
    timer = setInterval(() => {
      Promise.all([purgeOldAttempts(db), purgeSentEmails(db), anonimizarRegistrosAntigos(db)]).catch((error: Error) =>
        app.log.error({ err: error }, "housekeeping failed"),
      );
    }, HOUR_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await outbox.stop();
  });
}
