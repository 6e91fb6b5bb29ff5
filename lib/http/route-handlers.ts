import type { Principal } from "@/lib/request/principal";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import type { AnyOperation, HttpMethod, OperationBody, OperationQuery, OperationSuccess, PathParams } from "@/lib/operations/operation";
import { errorResponse } from "./error-response";
import { throughLargeBodyGate } from "./large-body-gate";
import { MAX_BODY_BYTES, parseQuery, readJsonBody, validate } from "./parse";
import { withErrors, withPrincipal, type AuthedContext } from "./route";
import { runRequest } from "./run-request";
import { withIdempotency } from "./with-idempotency";

/** What an operation's handler gets: the request, its caller, and its input parsed by the declaration. */
export interface HandlerInput<Op extends AnyOperation> {
  request: Request;
  principal: Op["access"] extends "public" | "same-origin" ? undefined : Principal;
  params: PathParams<Op["path"]>;
  query: OperationQuery<Op>;
  body: OperationBody<Op>;
}

/**
 * A handler answers with its success body (sent as JSON with the declared success status) or with
 * a Response of its own (ETags, downloads, streams, another declared status).
 */
export type OperationHandler<Op extends AnyOperation> = (input: HandlerInput<Op>) => Promise<Response | OperationSuccess<Op>>;

export interface Implementation {
  operation: AnyOperation;
  handle: (request: Request, route: { params?: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;
}

const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];

/**
 * An operation's route handler: the caller checked as its `access` says (lib/http/route.ts),
 * Idempotency-Key honoured when declared, the query and the body parsed by the declared schemas
 * (400 with field paths, 413, 415), then the handler.
 */
export function implement<Op extends AnyOperation>(operation: Op, handler: OperationHandler<Op> = actionHandler(operation)): Implementation {
  const run = async (request: Request, principal: Principal | undefined, params: Record<string, string>): Promise<Response> => {
    const query = operation.query ? parseQuery(request, operation.query) : undefined;
    const body = operation.body && !operation.body.readByHandler ? await parseBody(request, operation) : undefined;
    const answer = await handler({ request, principal, params, query, body } as HandlerInput<Op>);
    return answer instanceof Response ? answer : Response.json(answer, { status: operation.success.status });
  };
  const authed = async (request: Request, { principal, params }: AuthedContext<Record<string, string>>) => run(request, principal, params);
  const maxBytes = operation.body?.maxBytes;

  if (operation.access === "public" || operation.access === "same-origin") {
    return {
      operation,
      handle: withErrors(async (request, params) => {
        if (operation.access === "same-origin") assertSameOrigin(request);
        return run(request, undefined, params);
      }),
    };
  }
  const keyed = operation.requestHeaders?.includes("Idempotency-Key") && !operation.body?.keyedByHandler;
  const handle = keyed ? withIdempotency(authed, { maxBytes }) : authed;
  // Bodies past the usual megabyte take turns, once the caller is known (lib/http/large-body-gate.ts).
  const gated: typeof handle =
    maxBytes !== undefined && maxBytes > MAX_BODY_BYTES
      ? (request, context) => throughLargeBodyGate(request, context.principal.userId, (guarded) => handle(guarded, context))
      : handle;
  return {
    operation,
    handle: withPrincipal(gated, {
      sessionOnly: operation.access === "session",
      apiKeyOnly: operation.access === "key",
      readKeyWrites: operation.readKeyWrites,
      noOAuth: operation.noOAuth,
      keyCheckedInStatement: operation.keyCheckedInStatement,
    }),
  };
}

/** The handler of an operation whose route only answers what its `action` returns. */
function actionHandler<Op extends AnyOperation>(operation: Op): OperationHandler<Op> {
  if (!operation.action) throw new Error(`${operation.operationId} declares no action: implement it with a handler`);
  if (operation.access === "public" || operation.access === "same-origin") throw new Error(`${operation.operationId}: an action acts for a caller`);
  return ({ principal, params, query, body }) => operation.action!(principal as Principal, { params, query, body });
}

async function parseBody(request: Request, { body }: AnyOperation): Promise<unknown> {
  const value = await readJsonBody(request, { maxBytes: body.maxBytes });
  return body.parse ? body.parse(value) : validate(body.schema, value, "body");
}

/**
 * The exports of one route file: each implemented operation under its method, every other method
 * a 405 whose Allow header lists the implemented ones. All must share one path.
 */
export function routeHandlers(...implementations: Implementation[]): Record<RouteMethod, Implementation["handle"]> {
  const [first] = implementations;
  if (!first) throw new Error("routeHandlers needs at least one operation");
  const byMethod = new Map<string, Implementation["handle"]>();
  for (const { operation, handle } of implementations) {
    if (operation.path !== first.operation.path) throw new Error(`${operation.operationId} is not on ${first.operation.path}`);
    byMethod.set(operation.method.toUpperCase(), handle);
  }
  const allowed = ROUTE_METHODS.filter((method) => byMethod.has(method));
  const notAllowed = methodNotAllowed(allowed);
  return Object.fromEntries(ROUTE_METHODS.map((method) => [method, byMethod.get(method) ?? notAllowed])) as Record<RouteMethod, Implementation["handle"]>;
}

/** A method the path does not support: 405 with the error body and an Allow header. */
function methodNotAllowed(allowed: readonly string[]) {
  return (request: Request): Promise<Response> =>
    runRequest(request, async () => errorResponse("METHOD_NOT_ALLOWED", `Use ${allowed.join(" or ")} on this path`, undefined, { Allow: allowed.join(", ") }));
}

export type { HttpMethod };
