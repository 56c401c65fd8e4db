import type { Profile } from "@shared/schemas/profile";

export const PORTARIA_HOME = "/portaria-web";
export const PASSWORD_PAGE = "/portaria-web/alterar-senha";

/** Where a signed-in user goes (§2 Login, §4 First access): back to where the guard sent them from. */
export function destinationAfterLogin(profile: Profile | null, from: string | undefined): string {
  if (!profile || !profile.primeiro_acesso_concluido) return PASSWORD_PAGE;
  if (from && from.startsWith("/") && !from.startsWith("//") && !from.startsWith("/login")) return from;
  return PORTARIA_HOME;
}
