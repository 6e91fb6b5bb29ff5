import { errorResponse } from "./error-response";

/**
 * Paths the router cannot take: bad percent-encoding or bytes that are not UTF-8 make Next's router
 * answer a bare 500 before any route runs, and a NUL would reach PostgreSQL, which refuses it in
 * text. Both are the caller's mistake: a 400 with the error body. Null for every other path.
 */
export function refuseMalformedPath(pathname: string): Response | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return errorResponse("BAD_REQUEST", "The request path is not valid percent-encoded UTF-8");
  }
  if (decoded.includes("\u0000")) return errorResponse("BAD_REQUEST", "The request path may not contain NUL characters");
  return null;
}
