import { useNavigate } from "react-router";
import type { Condominio } from "@shared/schemas/condominios";
import { DeleteRecordButton } from "~/components/ui/delete-record-button";
import { useActionGuard } from "~/lib/use-action-guard";
import { useDeleteCondominio } from "./api";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

/** §2: Delete, after the confirmation; then back to the list. Linked units answer 409 (§8). */
export function CondominioDeleteButton({ condominio, disabled }: { condominio: Pick<Condominio, "id" | "nome">; disabled?: boolean }) {
  const navigate = useNavigate();
  const guard = useActionGuard();
  return (
    <DeleteRecordButton
      mutation={useDeleteCondominio()}
      variables={condominio.id}
      allowed={() => guard("excluir_condominios")}
      title="Excluir condomínio"
      description={`Tem certeza que deseja excluir o condomínio ${condominio.nome}? Esta ação não pode ser desfeita e pode afetar unidades e moradores associados.`}
      success={SUCCESS_TITLE.condominioExcluido}
      error={ERROR_TITLE.excluirCondominio}
      onDeleted={() => navigate(PATHS.condominios, { replace: true })}
      disabled={disabled}
    />
  );
}
