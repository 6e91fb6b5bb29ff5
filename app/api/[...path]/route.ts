import { errorResponse } from "@/lib/http/error-response";

/** Unknown /api paths answer with DESIGN's error body rather than the HTML 404 page. */
async function notFound(): Promise<Response> {
  return errorResponse("NOT_FOUND", "No such API endpoint");
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
