import { READ_ONLY_KEY_MESSAGE } from "@/lib/auth/api-keys/authenticate-api-key";
import { authenticateRequest } from "@/lib/auth/authenticate-request";
import type { Principal } from "@/lib/request/principal";
import { readBaseVersion } from "@/lib/live/read-base-version";
import { publicBaseUrl } from "@/lib/request/public-base-url";
import { bearerChallenge } from "@/lib/request/www-authenticate";
import { runSnapWrite } from "@/lib/request/snap-write-context";
import { assertWithinRequestRate, countRequest } from "@/lib/rate-limit/request-rate";
import { ApiError } from "../errors/api-error";
import type { RequestContext } from "../request/request-context";
import { runRequest } from "./run-request";

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
  /**
   * A write method that a read-only key may still send, because the handler itself limits it to
   * reading (MCP: a read key lists and runs only the read tools, lib/mcp/may-run-tool.ts).
   */
  readKeyWrites?: boolean;
  /** Refused to OAuth access tokens whatever their scopes (workspace membership, webhooks, the account): 403. */
  noOAuth?: boolean;
  /** The operation's one statement checks the API key (lib/operations/operation.ts): a key read before is not read again. */
  keyCheckedInStatement?: boolean;
}

/**
 * Wraps a public handler in the request frame (lib/http/run-request.ts): a request id, anything
 * thrown turned into the error body (docs/API.md, "Errors"), one access-log line.
 */
export function withErrors<P extends Params = Params>(handler: (request: Request, params: P, context: RequestContext) => Promise<Response>) {
  return (request: Request, route: NextRouteContext): Promise<Response> =>
    runRequest(request, async (context) => handler(request, ((await route?.params) ?? {}) as P, context));
}

/**
 * Wraps a handler that needs a caller: authenticates (API key or session cookie, with the CSRF
 * check for cookie writes), counts the request against the caller's rate limit (429 past it; the
 * X-RateLimit-* headers go on every answer), then runs it. A read-only API key is refused (403)
 * here for every method but GET, HEAD and OPTIONS, so every write route is covered without knowing
 * of it (docs/SECURITY.md, "Read-only API keys"). Authorization of the resource itself stays in lib.
 */
export function withPrincipal<P extends Params = Params>(
  handler: (request: Request, context: AuthedContext<P>) => Promise<Response>,
  options: RouteOptions = {},
) {
  return withErrors<P>(async (request, params, context) => {
    const principal = await authenticatePrincipal(request, options);
    if (principal.access === "read" && !READ_METHODS.has(request.method) && !options.readKeyWrites) {
      throw principal.via === "oauth" ? insufficientScope(request) : new ApiError("FORBIDDEN", READ_ONLY_KEY_MESSAGE);
    }
    if (options.sessionOnly && principal.via !== "session") {
      throw new ApiError("FORBIDDEN", principal.via === "oauth" ? OAUTH_REFUSED_MESSAGE : "API keys cannot manage API keys: sign in to the web app to do this");
    }
    if (options.noOAuth && principal.via === "oauth") throw new ApiError("FORBIDDEN", OAUTH_REFUSED_MESSAGE);
    context.principal = principal;
    context.rateLimit = countRequest(principal);
    assertWithinRequestRate(context.rateLimit);
    if (READ_METHODS.has(request.method)) return handler(request, { principal, params });
    try {
      return await respondWithSnapVersion(request, () => handler(request, { principal, params }));
    } catch (error) {
      // An unread key found revoked by its statement (lib/single-writes/key-read.ts): the 401 authentication gives.
      throw principal.keyUnread ? withBearerChallenge(request, error) : error;
    }
  });
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const OAUTH_REFUSED_MESSAGE = "Connected apps cannot manage API keys, connected apps, webhooks, the account or workspace membership: sign in to the web app";

/**
 * Every 401 of an authenticated operation says where the resource's OAuth metadata is
 * (RFC 9728 §5.1: `WWW-Authenticate: Bearer resource_metadata=…`), so a client can discover
 * how to get a token; a refused token's own challenge (`invalid_token`) is kept.
 */
async function authenticatePrincipal(request: Request, options: RouteOptions): Promise<Principal> {
  try {
    if (options.apiKeyOnly && !request.headers.has("authorization")) {
      throw new ApiError("UNAUTHORIZED", "Send an API key or OAuth access token in the header Authorization: Bearer <token>");
    }
    // An Idempotency-Key's write runs in a transaction that keeps its answer: its key is read first.
    const keyUnread = options.keyCheckedInStatement === true && !request.headers.has("idempotency-key");
    return await authenticateRequest(request, { keyUnread });
  } catch (error) {
    throw withBearerChallenge(request, error);
  }
}

/** A 401 with the resource's challenge added, unless it has one of its own; any other error as it is. */
function withBearerChallenge(request: Request, error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== "UNAUTHORIZED" || error.headers?.["WWW-Authenticate"]) return error;
  const challenge = bearerChallenge(publicBaseUrl(request), new URL(request.url).pathname);
  return new ApiError(error.code, error.message, error.details, { ...error.headers, "WWW-Authenticate": challenge });
}

/** A token without the `write` scope writing: 403 as a read-only key, with RFC 6750's challenge. */
function insufficientScope(request: Request): ApiError {
  const challenge = bearerChallenge(publicBaseUrl(request), new URL(request.url).pathname, { error: "insufficient_scope", scope: "write" });
  return new ApiError("FORBIDDEN", "This access token has only the read scope; writing needs the write scope", undefined, { "WWW-Authenticate": challenge });
}

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
