import type { FastifyInstance } from "fastify";
import type { Database } from "./db/client";

/**
 * The channel on which the database announces, at commit, any change to who holds which
 * permission, to an account or to a session's existence (triggers of migration 0009).
 */
export const REVOCATION_CHANNEL = "portal_revogacao";

/**
 * Revocation is immediate on every instance: a deactivated user, a removed permission or an ended
 * session empties these caches here as soon as the change commits, wherever it was made (another
 * instance, or SQL typed by an operator), instead of up to CACHE_TTL_MS later.
 */
export async function dropCachesOnRevocation(app: FastifyInstance, database: Database, caches: readonly { clear(): void }[]) {
  const stop = await database.listen(REVOCATION_CHANNEL, () => {
    for (const cache of caches) cache.clear();
  });
  app.addHook("onClose", async () => stop());
}
