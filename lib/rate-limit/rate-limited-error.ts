import { ApiError } from "@/lib/errors/api-error";

/** 429 RATE_LIMITED with Retry-After: the seconds until the window that refused the request ends. */
export function rateLimitedError(message: string, resetAt: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new ApiError("RATE_LIMITED", `${message}; retry in ${retryAfter} s`, undefined, { "Retry-After": String(retryAfter) });
}
