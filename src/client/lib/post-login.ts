import type { MeResponse } from "@shared/schemas/profile";

export const PORTARIA_HOME = "/portaria-web";
export const PASSWORD_PAGE = "/portaria-web/alterar-senha";
/** The Área do Morador (gate-operation-spec §3): where a resident without a staff profile lands. */
export const MORADOR_HOME = "/morador";

/** Who signed in, as /api/me tells it: the staff profile (or null) and whether they reach the Área do Morador. */
export type SignedIn = Pick<MeResponse, "profile" | "morador">;

/** A path of this site to go back to: not another site (`//host`, `/\host`), not /login itself. */
function safeFrom(from: string | undefined): string | undefined {
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\") || from.startsWith("/login")) return undefined;
  return from;
}

const insideMorador = (path: string) => path === MORADOR_HOME || /^\/morador[/?#]/.test(path);

/**
 * Where a signed-in user goes (§2 Login, §4 First access, gate-operation-spec §3.1): back to where
 * the guard sent them from. A staff profile keeps its landing even when the person is also a
 * resident; a resident without one lands on /morador (and goes back only to a page of it).
 */
export function destinationAfterLogin(me: SignedIn | null, from: string | undefined): string {
  const back = safeFrom(from);
  const profile = me?.profile ?? null;
  if (!profile) {
    if (me?.morador) return back && insideMorador(back) ? back : MORADOR_HOME;
    return PASSWORD_PAGE;
  }
  if (!profile.primeiro_acesso_concluido) return PASSWORD_PAGE;
  return back ?? PORTARIA_HOME;
}
