import type { FieldErrors, FieldValues } from "react-hook-form";
import type { ReactNode } from "react";
import { MSG } from "@shared/messages";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { Label } from "./input";

// The catalogue title of a validation message (§5), as the server's error handler finds it.
const TITLE_BY_MESSAGE = new Map<string, string>(Object.values(MSG).map((m) => [m.message, m.title]));

/** The first error of a form, in field order (the schema's), or undefined. */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  for (const error of Object.values(errors)) {
    if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) {
      return error.message;
    }
  }
  return undefined;
}

/**
 * react-hook-form's onInvalid: the §5 toast of the first failed rule, e.g. 'Campo obrigatório' /
 * 'O nome do grupo é obrigatório.'. Messages outside the catalogue go under 'Dados inválidos'.
 */
export function toastFormErrors<T extends FieldValues>(errors: FieldErrors<T>) {
  const message = firstErrorMessage(errors) ?? MSG.invalidInput.message;
  toast({ title: TITLE_BY_MESSAGE.get(message) ?? MSG.invalidInput.title, description: message, variant: "destructive" });
}

/** A labelled field with an optional hint and its error, wired with aria-describedby by id. */
export function FormField({
  id,
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-ajuda`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-erro`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-* props for the control inside a FormField with the same id. */
export function fieldAria(id: string, { error, hint }: { error?: string; hint?: boolean }) {
  const describedBy = [hint ? `${id}-ajuda` : null, error ? `${id}-erro` : null].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined } as const;
}
