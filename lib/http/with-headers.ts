/**
 * The response with these headers set. Most responses are ours and mutable; a redirect made with
 * Response.redirect (Auth.js) has immutable headers and is copied instead.
 */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
