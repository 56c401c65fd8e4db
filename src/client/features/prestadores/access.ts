import { useCallback } from "react";
import { useActionGuard } from "~/lib/use-action-guard";

type PrestadorPermission = "criar_prestadores_servico" | "editar_prestadores_servico" | "excluir_prestadores_servico";

// The server's refusals, word for word.
export const DENIED_PRESTADOR: Record<PrestadorPermission, string> = {
  criar_prestadores_servico: "Você não tem permissão para cadastrar prestadores.",
  editar_prestadores_servico: "Você não tem permissão para editar prestadores.",
  excluir_prestadores_servico: "Você não tem permissão para excluir prestadores.",
};

/** §2 'Acesso Negado' card variant for providers. */
export const CANNOT_VIEW_PRESTADORES = "Você não possui permissão para visualizar prestadores.";

/** The action guard with this feature's refusal texts. */
export function usePrestadorGuard() {
  const guard = useActionGuard();
  return useCallback((permission: PrestadorPermission) => guard(permission, DENIED_PRESTADOR[permission]), [guard]);
}
