import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Condominio } from "@shared/schemas/condominios";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { mutationToasts } from "~/lib/mutation-toasts";
import { useCondominioGuard } from "./access";
import { CONDOMINIOS_PATH, useDeleteCondominio } from "./api";

/**
 * §2: Delete, after the confirmation; then back to the list. Linked units answer 409 and the
 * toast is the server's 'Erro ao excluir' (7 s, §8).
 */
export function CondominioDeleteButton({ condominio, disabled }: { condominio: Pick<Condominio, "id" | "nome">; disabled?: boolean }) {
  const navigate = useNavigate();
  const guard = useCondominioGuard();
  const remove = useDeleteCondominio();
  const [open, setOpen] = useState(false);

  function confirm() {
    if (!guard("excluir_condominios")) return setOpen(false);
    const toasts = mutationToasts("Condomínio excluído", "Erro ao excluir condomínio", () => navigate(CONDOMINIOS_PATH, { replace: true }));
    remove.mutate(condominio.id, {
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
        title="Excluir condomínio"
        description={`Tem certeza que deseja excluir o condomínio ${condominio.nome}? Esta ação não pode ser desfeita e pode afetar unidades e moradores associados.`}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
      />
    </>
  );
}
