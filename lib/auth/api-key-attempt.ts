import { displayPrefix } from "@/lib/auth/api-keys/key-format";
import type { Attempt } from "../rate-limit/attempt-limiter";
import { clientIp } from "../rate-limit/client-ip";
import { rateLimitConfig } from "../rate-limit/rate-limit-config";

/**
 * An authentication with an Authorization header, charged to the client's address and, when a key
 * was presented, to its first 20 characters (guessing the rest of a known prefix's key).
 */
export function apiKeyAttempt(request: Request, presentedKey: string | undefined): Attempt {
  const config = rateLimitConfig();
  const budgets = [{ kind: "auth-ip", value: clientIp(request), limit: config.failedAuthPerIp }];
  if (presentedKey) budgets.push({ kind: "auth-prefix", value: displayPrefix(presentedKey), limit: config.failedAuthPerKeyPrefix });
  return { budgets, windowMs: config.failedAuthWindowMs, message: "Too many failed authentications" };
}
