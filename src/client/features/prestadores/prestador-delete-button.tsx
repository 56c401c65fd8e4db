import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Prestador } from "@shared/schemas/prestadores";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { mutationToasts } from "~/lib/mutation-toasts";
import { usePrestadorGuard } from "./access";
import { PRESTADORES_PATH, useDeletePrestador } from "./api";

/**
 * Delete after a confirmation, then back to the list. Linked records answer 409 and the toast is
 * the server's 'Erro ao excluir' (7 s, §8).
 */
export function PrestadorDeleteButton({
  prestador,
  disabled,
}: {
  prestador: Pick<Prestador, "id" | "nome_empresa_profissional">;
  disabled?: boolean;
}) {
  const navigate = useNavigate();
  const guard = usePrestadorGuard();
  const remove = useDeletePrestador();
  const [open, setOpen] = useState(false);

  function confirm() {
    if (!guard("excluir_prestadores_servico")) return setOpen(false);
    const toasts = mutationToasts("Prestador excluído", "Erro ao excluir prestador", () => navigate(PRESTADORES_PATH, { replace: true }));
    remove.mutate(prestador.id, {
      ...toasts,
      onError: (error) => {
        toasts.onError(error);
        setOpen(false);
      },
    });
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="border-red-300 text-red-700 hover:bg-red-50 hover:text-red-800"
        disabled={disabled || remove.isPending}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden /> Excluir
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
        pending={remove.isPending}
        title="Excluir prestador"
        description={`Tem certeza que deseja excluir o prestador ${prestador.nome_empresa_profissional}? Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
      />
    </>
  );
}
