import { useState, type ReactNode } from "react";
import { saveCallbacks, type SaveCallbacks } from "~/lib/save-callbacks";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";

interface ConfirmDialogProps {
  open: boolean;
  /** The user dismissed the dialog (Cancelar, Esc, outside click); ignored while `pending`. */
  onCancel: () => void;
  /** The confirm button; the dialog stays open until the caller closes it (when the server answers). */
  onConfirm: () => void;
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Shown under the description, inside the header (a warning, for instance). */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  variant?: "default" | "destructive";
}

/** An alert dialog asking to confirm an action: Cancelar and the action, both disabled while it runs. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  pending,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  variant = "destructive",
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {children}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            variant={variant}
            disabled={pending}
            onClick={(event) => {
              // Keep the dialog open until the server answers.
              event.preventDefault();
              onConfirm();
            }}
          >
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** What `useConfirmedAction` needs of a mutation (a TanStack `useMutation` result fits). */
interface ConfirmableMutation<V> {
  mutate: (variables: V, options: SaveCallbacks<unknown>) => void;
  isPending: boolean;
}

/**
 * A mutation run on one row after a <ConfirmDialog>: `ask(row)` opens the dialog and `dialog` is spread
 * onto it. Confirming checks `allowed` (when it refuses, the dialog stays open), runs the mutation on
 * `variables(row)`, toasts the outcome (`success` or the API error under `error`) and closes the dialog.
 */
export function useConfirmedAction<T, V>(
  mutation: ConfirmableMutation<V>,
  { allowed, variables, success, error }: { allowed: () => boolean; variables: (row: T) => V; success: string; error: string },
) {
  const [target, setTarget] = useState<T | null>(null);
  const close = () => setTarget(null);

  function confirm() {
    if (!target || !allowed()) return;
    mutation.mutate(variables(target), saveCallbacks({ success, error, done: close, failed: close }));
  }

  return {
    /** The row being confirmed, or null while the dialog is closed. */
    target,
    ask: setTarget,
    dialog: { open: target !== null, onCancel: close, onConfirm: confirm, pending: mutation.isPending },
  };
}
