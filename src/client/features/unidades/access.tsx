import type { ReactNode } from "react";
import type { PermissionName } from "@shared/permissions";
import { AcessoNegado } from "~/components/portaria/acesso-negado";
import { useAuth } from "~/lib/auth";

/** The 'Acesso Negado' texts of the unit, resident and vehicle screens and actions (§2, §6). */
export const DENIED_REGISTRY = {
  viewUnits: "Você não tem permissão para visualizar unidades.",
  createUnit: "Você não tem permissão para criar unidades.",
  editUnit: "Você não tem permissão para editar unidades.",
  deleteUnit: "Você não tem permissão para excluir unidades.",
  manageResidents: "Você não tem permissão para gerenciar moradores.",
  manageVehicles: "Você não tem permissão para gerenciar veículos.",
  viewVehicles: "Você não tem permissão para visualizar veículos.",
} as const;

/**
 * §2: a screen without its permission shows the 'Acesso Negado' card (with the screen's variant
 * of the message) and a way back, instead of the screen.
 */
export function PageAccess({
  anyOf,
  message,
  backTo,
  backLabel,
  children,
}: {
  anyOf: PermissionName | readonly PermissionName[];
  message?: string;
  backTo?: string;
  backLabel?: string;
  children: ReactNode;
}) {
  const { can, loading } = useAuth();
  if (loading) return null;
  if (!can(anyOf)) return <AcessoNegado message={message} backTo={backTo} backLabel={backLabel} />;
  return <>{children}</>;
}
