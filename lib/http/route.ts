import { authenticateRequest } from "@/lib/auth/authenticate-request";
import type { Principal } from "@/lib/auth/principal";
import { readBaseVersion } from "@/lib/live/read-base-version";
import { runSnapWrite } from "@/lib/live/snap-write-context";
import { ApiError } from "./api-error";
import { toErrorResponse } from "./error-response";

/** What Next passes as the second argument of a route handler. */
interface NextRouteContext {
  params?: Promise<Record<string, string | string[] | undefined>>;
}

type Params = Record<string, string>;

export interface AuthedContext<P extends Params> {
  principal: Principal;
  params: P;
}

interface RouteOptions {
  /** Key management and similar account actions: a signed-in browser only, never an API key. */
  sessionOnly?: boolean;
  /** Endpoints for agents (MCP): an API key only; a session cookie is not even looked at (401). */
  apiKeyOnly?: boolean;
}

/** Wraps a public handler so that anything it throws becomes DESIGN's error body. */
export function withErrors<P extends Params = Params>(handler: (request: Request, params: P) => Promise<Response>) {
  return async (request: Request, context: NextRouteContext): Promise<Response> => {
    try {
      return await handler(request, ((await context?.params) ?? {}) as P);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/**
 * Wraps a handler that needs a caller: authenticates (API key or session cookie, with the CSRF
 * check for cookie writes), then runs it. Authorization of the resource itself stays in lib.
 */
export function withPrincipal<P extends Params = Params>(
  handler: (request: Request, context: AuthedContext<P>) => Promise<Response>,
  options: RouteOptions = {},
) {
  return withErrors<P>(async (request, params) => {
    if (options.apiKeyOnly && !request.headers.has("authorization")) {
      throw new ApiError("UNAUTHORIZED", "Send an API key in the header Authorization: Bearer <API key>");
    }
    const principal = await authenticateRequest(request);
    if (options.sessionOnly && principal.via !== "session") {
      throw new ApiError("FORBIDDEN", "API keys cannot manage API keys: sign in to the web app to do this");
    }
    if (READ_METHODS.has(request.method)) return handler(request, { principal, params });
    return respondWithSnapVersion(request, () => handler(request, { principal, params }));
  });
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write runs with its Base-Version header (400 unless a positive integer) in scope for
 * recordSnapChanges, and answers with Snap-Version: the new version of the (first) snap it changed,
 * so a live client can recognise its own write's `change` event.
 */
async function respondWithSnapVersion(request: Request, run: () => Promise<Response>): Promise<Response> {
  const { result: response, versions } = await runSnapWrite(readBaseVersion(request), run);
  const [version] = versions.values();
  if (version !== undefined) response.headers.set("Snap-Version", String(version));
  return response;
}

export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status });
}
