import { Trash2 } from "lucide-react";
import { useState } from "react";
import { saveCallbacks, type SaveCallbacks } from "~/lib/save-callbacks";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

interface DeleteMutation<V> {
  mutate: (variables: V, options: SaveCallbacks<unknown>) => void;
  isPending: boolean;
}

/**
 * The 'Excluir' button of an edit page: a confirmation, the permission re-check, the delete, and
 * the outcome as a toast (a linked-records refusal is the server's 'Erro ao excluir', 7 s);
 * `onDeleted` runs after success (usually: back to the list).
 */
export function DeleteRecordButton<V>({
  mutation,
  variables,
  allowed,
  title,
  description,
  success,
  error,
  onDeleted,
  disabled,
}: {
  mutation: DeleteMutation<V>;
  variables: V;
  allowed: () => boolean;
  title: string;
  description: string;
  success: string;
  error: string;
  onDeleted: () => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);

  function confirm() {
    if (!allowed()) return setOpen(false);
    mutation.mutate(variables, saveCallbacks({ success, error, done: onDeleted, failed: () => setOpen(false) }));
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="border-red-300 text-red-700 hover:bg-red-50 hover:text-red-800"
        disabled={disabled || mutation.isPending}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden /> Excluir
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
        pending={mutation.isPending}
        title={title}
        description={description}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
      />
    </>
  );
}
