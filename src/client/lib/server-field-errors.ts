import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { MSG } from "@shared/messages";
import { ApiError } from "./api";

/** Puts the server's field messages (validation, duplicate email/CPF) under the matching inputs. */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]) {
  if (!(error instanceof ApiError)) return;
  const known = new Set<string>(fields);
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if (known.has(field)) setError(field as Path<T>, { type: "server", message });
  }
  if (error.message === MSG.userEmailDuplicate.message && known.has("email")) setError("email" as Path<T>, { type: "server", message: error.message });
  if (error.message === MSG.userCpfDuplicate.message && known.has("cpf")) setError("cpf" as Path<T>, { type: "server", message: error.message });
}
