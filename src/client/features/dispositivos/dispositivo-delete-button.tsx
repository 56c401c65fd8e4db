import { useNavigate } from "react-router";
import { DISPOSITIVOS_TEXTOS, type Dispositivo } from "@shared/schemas/dispositivos";
import { DeleteRecordButton } from "~/components/ui/delete-record-button";
import { DISPOSITIVOS_PATHS, useExcluirDispositivo } from "./api";

/** Delete after a confirmation, then back to the list; a device with events or commands answers 409. */
export function DispositivoDeleteButton({ dispositivo, disabled }: { dispositivo: Pick<Dispositivo, "id" | "nome">; disabled?: boolean }) {
  const navigate = useNavigate();
  return (
    <DeleteRecordButton
      mutation={useExcluirDispositivo()}
      variables={dispositivo.id}
      allowed={() => true}
      title="Excluir dispositivo"
      description={`Tem certeza que deseja excluir o dispositivo ${dispositivo.nome}? Esta ação não pode ser desfeita.`}
      success={DISPOSITIVOS_TEXTOS.excluido}
      error={DISPOSITIVOS_TEXTOS.excluir}
      onDeleted={() => navigate(DISPOSITIVOS_PATHS.lista, { replace: true })}
      disabled={disabled}
    />
  );
}
