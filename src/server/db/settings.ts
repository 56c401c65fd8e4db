import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { portalSettings } from "./schema";

/**
 * The secret that signs session cookies when AUTH_SECRET is not set: generated once and kept in
 * the database, so every instance and every restart agree on it.
 */
export async function loadAuthSecret(db: Db): Promise<string> {
  await db
    .insert(portalSettings)
    .values({ key: "auth_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.key, "auth_secret"));
  return row!.value;
}
