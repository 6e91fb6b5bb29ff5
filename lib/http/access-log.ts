import { logger } from "@/lib/log/logger";
import type { RequestContext } from "../request/request-context";

/**
 * One line per API request (an error line for a 5xx but 503). Only the method, the path (no query string), the outcome and who
 * called by id: never a header, a body, a key or a cookie.
 */
export function logAccess(request: Request, status: number, context: RequestContext): void {
  const { principal } = context;
  const line = {
    method: request.method,
    path: pathOf(request.url),
    status,
    durationMs: Math.round((performance.now() - context.startedAt) * 10) / 10,
    userId: principal?.userId,
    apiKeyId: principal?.apiKeyId,
    keyPrefix: context.keyPrefix,
  };
  // A 503 is the answer designed for an outage, whose cause is logged on its own (at most once per
  // 10 s): an error line per request would bury it.
  if (status >= 500 && status !== 503) logger.error(line, "request failed");
  else logger.info(line, "request");
}

function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.indexOf("?", start);
  return url.slice(start, end === -1 ? undefined : end);
}
