import { errorResponse } from "./error-response";
import { runRequest } from "./run-request";

/** A handler for a method a route does not support: 405 with DESIGN's error body and an Allow header. */
export function methodNotAllowed(allowed: readonly string[]) {
  return (request: Request): Promise<Response> =>
    runRequest(request, async () =>
      errorResponse("METHOD_NOT_ALLOWED", `Use ${allowed.join(" or ")} on this path`, undefined, { Allow: allowed.join(", ") }),
    );
}
