/**
 * The fetch every call goes through: retries with exponential backoff and full jitter on 429, 503
 * and network failures, honouring Retry-After (sdk/README.md, "Retries").
 *
 * What is sent again: GET, HEAD and OPTIONS; PUT and DELETE, idempotent by definition; and a POST
 * only when it carries an Idempotency-Key on an operation that honours one (the server replays the
 * first answer and writes nothing). A PATCH, or a POST without a key, is never sent twice.
 */
import { retryAfterSeconds } from "./errors.js";

export interface RetryPolicy {
  /** Attempts after the first (default 3). */
  maxRetries: number;
  /** The first backoff's upper bound in ms, doubled each attempt (default 500). */
  baseDelayMs: number;
  /** No single wait is longer; a Retry-After past it is not waited for (default 30,000). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

const RETRIED_STATUSES = new Set([429, 503]);
const ALWAYS_RETRIED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Whether a request may be sent again: see the module comment. */
export function isRetryable(request: Request, idempotentPost: boolean): boolean {
  if (ALWAYS_RETRIED_METHODS.has(request.method)) return true;
  return request.method === "POST" && idempotentPost && request.headers.has("Idempotency-Key");
}

/** The wait before attempt `attempt + 1`: full jitter, but never less than the server asked for. */
export function backoffDelay(policy: RetryPolicy, attempt: number, retryAfter: number | undefined, random = Math.random): number {
  const jittered = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt) * random();
  return retryAfter === undefined ? jittered : Math.max(retryAfter * 1000, jittered);
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

export interface TransportOptions {
  fetch: typeof fetch;
  policy: RetryPolicy | false;
  /** Whether this request may be retried (the method rule above plus the operation's facts). */
  retryable: (request: Request) => boolean;
  /** Called before each retry: what failed and how long the SDK waits. */
  onRetry?: (info: { attempt: number; delayMs: number; status?: number; error?: unknown; request: Request }) => void;
}

/** A fetch that retries per the policy; the original request's body is cloned for each attempt. */
export function retryingFetch(options: TransportOptions): (request: Request) => Promise<Response> {
  const { fetch: send, policy } = options;
  return async (request) => {
    const retryable = policy !== false && policy.maxRetries > 0 && options.retryable(request);
    if (!retryable) return send(request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= policy.maxRetries;
      try {
        const response = await send(last ? request : request.clone());
        if (last || !RETRIED_STATUSES.has(response.status)) return response;
        const retryAfter = retryAfterSeconds(response.headers);
        if (retryAfter !== undefined && retryAfter * 1000 > policy.maxDelayMs) return response;
        const delayMs = backoffDelay(policy, attempt, retryAfter);
        await response.body?.cancel();
        options.onRetry?.({ attempt: attempt + 1, delayMs, status: response.status, request });
        await sleep(delayMs, request.signal);
      } catch (error) {
        if (last || isAbort(error) || request.signal.aborted) throw error;
        const delayMs = backoffDelay(policy, attempt, undefined);
        options.onRetry?.({ attempt: attempt + 1, delayMs, error, request });
        await sleep(delayMs, request.signal);
      }
    }
  };
}
