import type { FieldErrors, FieldValues } from "react-hook-form";
import { MSG } from "@shared/messages";
import { toast } from "~/lib/toast";

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
