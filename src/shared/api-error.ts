// The one error shape of the API: { error: { code, title, message, fields? } }.
export interface ApiErrorBody {
  error: {
    code: string;
    title: string;
    message: string;
    fields?: Record<string, string>;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && "message" in error && "title" in error;
}
