/**
 * A POST to a page that Next.js takes for a Server Action (a `Next-Action` header or a multipart
 * form) with an Origin whose host is not the request's (X-Forwarded-Host, else Host), or `null`, or
 * not a URL: Next.js refuses it as cross-site, but by throwing, which answers a bare 500
 * (docs/API.md, "Errors": no input causes a 500). Next.js's own rule (its action handler's), answered
 * first with a 403; whatever it lets through passes here too. Null for every other request.
 */
export function refuseCrossSiteAction(request: Request): Response | null {
  if (request.method !== "POST") return null;
  const contentType = request.headers.get("content-type") ?? "";
  if (request.headers.get("next-action") === null && !contentType.startsWith("multipart/form-data")) return null;
  const origin = request.headers.get("origin");
  if (origin === null || hostOf(origin) === requestHost(request)) return null;
  return new Response("Cross-site form submission refused", { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
}

function hostOf(origin: string): string | null {
  try {
    return origin === "null" ? null : new URL(origin).host;
  } catch {
    return null;
  }
}

function requestHost(request: Request): string | null {
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("host");
}
