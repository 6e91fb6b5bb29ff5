import { recordRequestMetrics } from "@/lib/metrics/record-request-metrics";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { rateLimitHeaders } from "@/lib/rate-limit/rate-limit-headers";
import { logAccess } from "./access-log";
import { toErrorResponse } from "./error-response";
import { runWithRequestContext, type RequestContext } from "../request/request-context";
import { requestIdOf } from "./request-id";
import { withHeaders } from "./with-headers";

/**
 * The frame of every /api request: a request id in the context (so every log line of the request
 * carries it), anything thrown turned into the error body (docs/API.md, "Errors"), X-Request-Id and the caller's
 * X-RateLimit-* headers on the response, one access-log line, and the request's metrics.
 */
export function runRequest(request: Request, handle: (context: RequestContext) => Promise<Response>): Promise<Response> {
  const context: RequestContext = { requestId: requestIdOf(request), startedAt: performance.now(), clientIp: clientIp(request) };
  return runWithRequestContext(context, async () => {
    let response: Response;
    try {
      response = await handle(context);
    } catch (error) {
      response = toErrorResponse(error);
    }
    response = withHeaders(response, { "X-Request-Id": context.requestId, ...rateLimitHeaders(context.rateLimit) });
    logAccess(request, response.status, context);
    recordRequestMetrics(request, response.status, context.startedAt);
    return response;
  });
}
