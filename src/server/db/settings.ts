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

/**
 * The secret that signs visitors' QR codes (gatehouse-spec §4), kept like the auth secret:
 * generated once, in the database, the same for every instance. A separate key, so that neither
 * signature can stand in for the other.
 */
export async function loadQrSecret(db: Db): Promise<Buffer> {
  await db
    .insert(portalSettings)
    .values({ key: "qr_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.key, "qr_secret"));
  return Buffer.from(row!.value, "base64url");
}
