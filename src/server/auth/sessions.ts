import Bowser from "bowser";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { SessaoAberta } from "@shared/schemas/auth";
import type { SessionLimits } from "../config";
import type { Db } from "../db/client";
import { session } from "../db/schema";

/** "Chrome 131 · Linux" from a User-Agent, as far as it says. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Dispositivo desconhecido";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName].filter(Boolean).join(" ");
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Dispositivo desconhecido";
}

/** The user's sessions that are still alive (neither past their end nor idle for too long), last used first. */
export async function openSessions(db: Db, userId: string, currentId: string, limits: SessionLimits): Promise<SessaoAberta[]> {
  const now = Date.now();
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date(now)), gt(session.updatedAt, new Date(now - limits.idleMs))))
    .orderBy(desc(session.updatedAt));
  return rows
    .filter((row) => now - row.createdAt.getTime() <= limits.maxAgeMs)
    .map((row) => ({
      id: row.id,
      dispositivo: describeDevice(row.userAgent),
      ip: row.ipAddress || null,
      criada_em: row.createdAt.toISOString(),
      ultimo_uso: row.updatedAt.toISOString(),
      atual: row.id === currentId,
    }));
}

/** Ends every session of the user but `keepId`; returns how many ended. */
export async function endOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  return (
    await db
      .delete(session)
      .where(and(eq(session.userId, userId), ne(session.id, keepId)))
      .returning({ id: session.id })
  ).length;
}
