import { callApi, type ApiResult } from "@/components/http/call-api";
import type { HttpRequest } from "./wire-request";
import { isPassingFailure, retryDelayMs } from "./retry-policy";

export type Request = <T>(path: string, options?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<ApiResult<T>>;

export interface SendOptions {
  idempotencyKey: string;
  baseVersion: number | null;
  request?: Request;
  /** Told of each failure that can pass, before the wait for the next attempt. */
  onRetry?(result: ApiResult<unknown>, delayMs: number): void;
  /** Resolves the wait early (the network came back, the page is being left). */
  wake?: { promise(): Promise<void> };
  /** Stops retrying: the answer is the last failure. */
  signal?: AbortSignal;
}

/**
 * Sends one request until it has an answer that is final: a success or a refusal. A failure that
 * can pass (retry-policy) is sent again, with the same Idempotency-Key, after a growing, jittered
 * pause or the server's Retry-After.
 */
export async function sendUntilAnswered<T>(http: HttpRequest, options: SendOptions): Promise<ApiResult<T>> {
  const request = options.request ?? callApi;
  const headers: Record<string, string> = {};
  if (http.idempotent) headers["Idempotency-Key"] = options.idempotencyKey;
  // Versions start at 1: a board that does not know its version (0) sends none.
  if (options.baseVersion) headers["Base-Version"] = String(options.baseVersion);
  for (let attempt = 0; ; attempt += 1) {
    const result = await request<T>(http.path, { method: http.method, body: http.body, headers });
    if (!isPassingFailure(result) || options.signal?.aborted) return result;
    const delay = retryDelayMs(attempt, result.headers);
    options.onRetry?.(result, delay);
    await pause(delay, options.wake, options.signal);
  }
}

function pause(ms: number, wake?: { promise(): Promise<void> }, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    void wake?.promise().then(done);
    signal?.addEventListener("abort", done, { once: true });
  });
}
