import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./button";

/** The view-only notice at the top of a read-only form; the form points at it with aria-describedby. */
export function ReadOnlyNotice({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}

/**
 * The bottom row of a record form: `extra` on the left (usually the delete button), then the
 * back/cancel link and, unless `submitLabel` is undefined (read-only), the submit button.
 */
export function FormActions({
  extra,
  cancelTo,
  cancelLabel,
  submitLabel,
  saving,
  className = "flex flex-col-reverse gap-2 sm:flex-row sm:items-center",
}: {
  extra?: ReactNode;
  cancelTo: string;
  cancelLabel: string;
  submitLabel?: string;
  saving: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      {extra}
      <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
        <Button asChild variant="outline">
          <Link to={cancelTo}>{cancelLabel}</Link>
        </Button>
        {submitLabel !== undefined && (
          <Button type="submit" disabled={saving}>
            {submitLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
