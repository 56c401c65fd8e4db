import type { ReactNode } from "react";
import { MSG } from "@shared/messages";
import { deniedText, type DeniedAction, type PermissionName } from "@shared/permissions";
import { useAuth } from "~/lib/auth";
import { AcessoNegado } from "./acesso-negado";

/**
 * The one page guard (§2, issue 13): a Portaria screen without any of its permissions shows the
 * 'Acesso Negado' card with a way back, never the screen and never a redirect. The card says
 * 'Você não possui permissão para acessar esta página.', or the screen's variant (`deniedAs`:
 * the catalogue's text of a permission or action). The server refuses the data calls regardless.
 */
export function RequirePermission({
  anyOf,
  deniedAs,
  backTo,
  backLabel,
  needsAllCondominios,
  children,
}: {
  anyOf: PermissionName | readonly PermissionName[];
  /** The screen also needs all-condominium access (gatehouse-spec §2: creating a condominium). */
  needsAllCondominios?: boolean;
  deniedAs?: PermissionName | DeniedAction;
  backTo?: string;
  backLabel?: string;
  children: ReactNode;
}) {
  const { can, loading, profile } = useAuth();
  if (loading) return null;
  if (!can(anyOf)) return <AcessoNegado message={deniedAs ? deniedText(deniedAs) : MSG.accessDenied.message} backTo={backTo} backLabel={backLabel} />;
  if (needsAllCondominios && !profile?.acesso_todos_condominios) {
    return <AcessoNegado message={MSG.condominioCreateNeedsAll.message} backTo={backTo} backLabel={backLabel} />;
  }
  return <>{children}</>;
}
