import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "./dialog";

/** A dialog holding a form: title and description on top; it cannot be dismissed while `pending`. */
export function FormDialog({
  open,
  pending,
  onClose,
  title,
  description,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Where the focus goes once closed (by default back where it was before opening). */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </div>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The bottom row of a dialog form: 'Cancelar' (closes the dialog) and the submit button. */
export function DialogFormActions({ pending, submitLabel }: { pending: boolean; submitLabel: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          Cancelar
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
