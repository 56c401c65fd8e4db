import { isApiErrorBody } from "@shared/api-error";
import { INTERNAL_ERROR } from "@shared/messages-base";

/** An API failure carrying the server's pt-BR title and message, ready to show as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, "NETWORK", INTERNAL_ERROR.title, "Não foi possível contactar o servidor. Verifique sua conexão.");
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(body)) {
      const { code, title, message, fields } = body.error;
      throw new ApiError(response.status, code, title, message, fields);
    }
    throw new ApiError(response.status, "UNKNOWN", INTERNAL_ERROR.title, INTERNAL_ERROR.message);
  }
  return body as T;
}

/** For a record's query: a refusal (4xx) is final, no retry before its 'não encontrado' toast. */
export const retryServerErrors = (count: number, error: Error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
