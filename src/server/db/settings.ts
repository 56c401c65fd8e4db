import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "./client";
import { portalSettings } from "./schema";

/**
 * A value made once and kept in the database (the first instance to start writes it, every other
 * instance and every restart reads the same one).
 */
async function keptSetting(db: Db, key: string, make: () => string): Promise<string> {
  await db.insert(portalSettings).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.key, key));
  return row!.value;
}

const randomSecret = () => randomBytes(32).toString("base64url");

/** The secret that signs session cookies when AUTH_SECRET is not set. */
export const loadAuthSecret = (db: Db): Promise<string> => keptSetting(db, "auth_secret", randomSecret);

/**
 * The secret that signs visitors' QR codes (gatehouse-spec §4). A separate key, so that neither
 * signature can stand in for the other.
 */
export const loadQrSecret = async (db: Db): Promise<Buffer> => Buffer.from(await keptSetting(db, "qr_secret", randomSecret), "base64url");

/** The secret that signs the residents' answer links (gate-operation-spec §3.4); its own key too. */
export const loadLinkSecret = async (db: Db): Promise<Buffer> => Buffer.from(await keptSetting(db, "link_secret", randomSecret), "base64url");

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The portal's Web Push (VAPID) key pair, made on first start (§3.4): browsers' subscriptions
 * are bound to the public key, so it must never change under them.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  return JSON.parse(await keptSetting(db, "vapid_keys", () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys;
}
