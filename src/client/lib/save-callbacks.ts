import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { applyServerFieldErrors } from "./server-field-errors";
import { toast, toastApiError } from "./toast";

/** A success toast: the catalogue title, optionally a description and a duration. */
export interface SuccessToast {
  title: string;
  description?: string;
  duration?: number;
}

/** The form whose fields receive the API's field messages (validation, duplicate email/CPF). */
export interface SaveForm<T extends FieldValues> {
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
}

/** What `mutate()` receives: every save and delete of the client goes through these. */
export interface SaveCallbacks<TData> {
  onSuccess: (data: TData) => void;
  onError: (error: unknown) => void;
}

/**
 * The one way to save (or delete): `mutation.mutate(variables, saveCallbacks({...}))`.
 * On success the `success` toast (a title, or title/description/duration, or built from the
 * answer; none when that returns null), then `done(data)` (navigate, close, reset). On failure the API's field messages go
 * under `form`'s fields, the error is toasted under the action's catalogue title `error` (or the
 * server's own title), then `failed` (close a dialog).
 */
export function saveCallbacks<TData = unknown, T extends FieldValues = FieldValues>({
  success,
  error,
  done,
  failed,
  form,
}: {
  success: string | SuccessToast | ((data: TData) => SuccessToast | null);
  error: string;
  done?: (data: TData) => void;
  failed?: (error: unknown) => void;
  form?: SaveForm<T>;
}): SaveCallbacks<TData> {
  return {
    onSuccess: (data) => {
      const content = typeof success === "function" ? success(data) : typeof success === "string" ? { title: success } : success;
      // null: the answer is not a success to toast (a gate's refusal, shown by the screen itself).
      if (content) toast({ ...content, variant: "success" });
      done?.(data);
    },
    onError: (cause) => {
      if (form) applyServerFieldErrors(cause, form.setError, form.fields);
      toastApiError(error, cause);
      failed?.(cause);
    },
  };
}
