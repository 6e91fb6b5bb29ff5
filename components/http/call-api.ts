/** The error body every /api path answers with (docs/API.md, "Errors"). */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

/** headers: the response's, when there was one (the board reads Snap-Version from them). */
export type ApiResult<T> = { ok: true; status: number; data: T; headers?: Headers } | { ok: false; status: number; error: ApiErrorBody; headers?: Headers };

const NETWORK_ERROR: ApiErrorBody = { code: "NETWORK", message: "Could not reach the server. Check your connection and try again." };
const UNREADABLE_ERROR: ApiErrorBody = { code: "UNKNOWN", message: "Something went wrong. Please try again." };

/**
 * Calls our own API from the browser with the session cookie (same-origin, so the CSRF check
 * passes). Never throws: a failure, even a network one, comes back as an error body to show.
 */
export async function callApi<T>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers: { ...(options.body === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: "no-store",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { ok: false, status: 0, error: NETWORK_ERROR };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, status: response.status, data: payload as T, headers: response.headers };
  return { ok: false, status: response.status, error: readErrorBody(payload), headers: response.headers };
}

function readErrorBody(payload: unknown): ApiErrorBody {
  const error = (payload as { error?: Partial<ApiErrorBody> } | null)?.error;
  if (!error || typeof error.message !== "string") return UNREADABLE_ERROR;
  return { code: String(error.code ?? "UNKNOWN"), message: error.message, details: Array.isArray(error.details) ? error.details : undefined };
}

/** The first message per field path, for showing errors next to their fields. */
export function fieldErrorsOf(error: ApiErrorBody): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const detail of error.details ?? []) byPath[detail.path] ??= detail.message;
  return byPath;
}
