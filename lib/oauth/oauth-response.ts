import { ApiError } from "@/lib/errors/api-error";
import { runRequest } from "@/lib/http/run-request";
import { isDatabaseUnavailable } from "@/lib/errors/is-database-unavailable";
import { withCors } from "./cors";
import { OAuthError } from "./oauth-error";

/** OAuth answers are never cached (RFC 6749 §5.1). */
const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * The frame of the OAuth endpoints: the request frame of /api (request id, access log, metrics),
 * with errors answered in OAuth's own shape `{ error, error_description }` (RFC 6749 §5.2), and
 * open to other origins (lib/oauth/cors.ts).
 */
export function oauthEndpoint(handle: (request: Request) => Promise<Response>) {
  return (request: Request): Promise<Response> => runRequest(request, async () => withCors(await answer(handle, request)));
}

async function answer(handle: (request: Request) => Promise<Response>, request: Request): Promise<Response> {
  try {
    return await handle(request);
  } catch (error) {
    if (error instanceof OAuthError) return oauthJson({ error: error.code, error_description: error.description }, error.status, error.headers);
    if (error instanceof ApiError && error.code === "RATE_LIMITED") {
      return oauthJson({ error: "temporarily_unavailable", error_description: error.message }, 429, error.headers ?? {});
    }
    if (isDatabaseUnavailable(error)) {
      return oauthJson({ error: "temporarily_unavailable", error_description: "The service is temporarily unavailable; retry shortly" }, 503, {
        "Retry-After": "5",
      });
    }
    throw error;
  }
}

const MAX_FORM_BYTES = 16 * 1024;

/** An `application/x-www-form-urlencoded` body, as the token and revocation endpoints take (≤ 16 KB). */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type))
    throw new OAuthError("invalid_request", "Send the parameters form-encoded (application/x-www-form-urlencoded)");
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_FORM_BYTES) throw new OAuthError("invalid_request", "The request body is too large");
  return new URLSearchParams(text);
}
