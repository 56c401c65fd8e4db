// The one error shape of the API: { error: { code, title, message, fields?, request_id? } }.
// request_id is the request's X-Request-Id (the one the caller sent, or a new UUID): what an
// operator looks for in the logs when a user reports the error.
export interface ApiErrorBody {
  error: {
    code: string;
    title: string;
    message: string;
    fields?: Record<string, string>;
    request_id?: string;
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && "message" in error && "title" in error;
}
