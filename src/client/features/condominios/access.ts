import { useCallback } from "react";
import { useActionGuard } from "~/lib/use-action-guard";

type CondominioPermission = "criar_condominios" | "editar_condominios" | "excluir_condominios";

// The server's refusals, word for word (§6: 'Você não tem permissão para excluir condomínios.').
export const DENIED_CONDOMINIO: Record<CondominioPermission, string> = {
  criar_condominios: "Você não tem permissão para criar condomínios.",
  editar_condominios: "Você não tem permissão para editar condomínios.",
  excluir_condominios: "Você não tem permissão para excluir condomínios.",
};

/** The action guard with this feature's refusal texts. */
export function useCondominioGuard() {
  const guard = useActionGuard();
  return useCallback((permission: CondominioPermission) => guard(permission, DENIED_CONDOMINIO[permission]), [guard]);
}
