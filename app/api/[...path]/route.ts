import { errorResponse } from "@/lib/http/error-response";
import { runRequest } from "@/lib/http/run-request";

/** Unknown /api paths answer with the error body (docs/API.md, "Errors") rather than the HTML 404 page. */
function notFound(request: Request): Promise<Response> {
  return runRequest(request, async () => errorResponse("NOT_FOUND", "No such API endpoint"));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
