import "server-only";
import { config } from "@/lib/config";
import { createHash, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics is off (404, as if absent) unless METRICS_TOKEN is set; then only
 * `Authorization: Bearer <METRICS_TOKEN>` reads it (401 otherwise). A user's API key is not the
 * token, so it is refused like any other. Compared by digest, in constant time.
 */
export function authorizeMetricsRequest(request: Request, token = config().METRICS_TOKEN): void {
  if (!token) throw new ApiError("NOT_FOUND", "Not found");
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer (.+)$/.exec(header);
  if (!match || !timingSafeEqual(digest(match[1]!), digest(token))) {
    throw new ApiError("UNAUTHORIZED", "A valid metrics token is required", undefined, { "WWW-Authenticate": 'Bearer realm="metrics"' });
  }
}
