import { useNavigate } from "react-router";
import type { Prestador } from "@shared/schemas/prestadores";
import { DeleteRecordButton } from "~/components/ui/delete-record-button";
import { useActionGuard } from "~/lib/use-action-guard";
import { useDeletePrestador } from "./api";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

/** Delete after a confirmation, then back to the list. Linked records answer 409 (§8). */
export function PrestadorDeleteButton({ prestador, disabled }: { prestador: Pick<Prestador, "id" | "nome_empresa_profissional">; disabled?: boolean }) {
  const navigate = useNavigate();
  const guard = useActionGuard();
  return (
    <DeleteRecordButton
      mutation={useDeletePrestador()}
      variables={prestador.id}
      allowed={() => guard("excluir_prestadores_servico")}
      title="Excluir prestador"
      description={`Tem certeza que deseja excluir o prestador ${prestador.nome_empresa_profissional}? Esta ação não pode ser desfeita.`}
      success={SUCCESS_TITLE.prestadorExcluido}
      error={ERROR_TITLE.excluirPrestador}
      onDeleted={() => navigate(PATHS.prestadores, { replace: true })}
      disabled={disabled}
    />
  );
}
