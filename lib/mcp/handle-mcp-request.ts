import "server-only";
import { createMcpHandler, isLegacyRequest, ProtocolError, WebStandardStreamableHTTPServerTransport, type ServerEventBus } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { MAX_BATCH_BODY_BYTES } from "@/lib/board-model/card-schemas";
import { ApiError } from "@/lib/errors/api-error";
import { readBodyText } from "@/lib/http/parse";
import { logger } from "@/lib/log/logger";
import { chargeBatchCalls } from "@/lib/rate-limit/request-rate";
import { buildMcpServer } from "./build-mcp-server";
import { endLegacySession, openLegacyNotificationStream, openLegacySession } from "./legacy-subscriptions";
import { openListenStream } from "./listen-stream";

/**
 * POST /api/mcp: one exchange of either revision. A 2026-07-28 request (its envelope says so) goes
 * to the SDK's handler (`createMcpHandler`); a 2025 one to a stateless Streamable HTTP transport
 * answering JSON, as before (the SDK's own 2025 leg would answer event streams). A fresh server per
 * request keeps nothing in the process, so any instance answers any request of a conversation.
 */
export async function handleMcpRequest(request: Request, caller: Principal): Promise<Response> {
  const principal: Principal = { ...caller, agent: "mcp" };
  const sessionId = request.headers.get("mcp-session-id");
  // Read here, within the endpoint's bound, so that an initialize can be recognised before the SDK reads it.
  const text = await readBodyText(request, MAX_BATCH_BODY_BYTES);
  const forward = new Request(request.url, { method: "POST", headers: request.headers, body: text, signal: request.signal });
  // Parsed once here: a body may be megabytes (the SDK reads its own copy from `forward`).
  const message = parseJson(text);
  // Each message of a batch is a call, charged as a request of its own (docs/API.md, "Rate limits").
  if (Array.isArray(message)) chargeBatchCalls(principal, message.length - 1);
  if (!(await isLegacyRequest(forward, message, { maxRequestBodySize: MAX_BATCH_BODY_BYTES }))) {
    const serve = (bus?: ServerEventBus) =>
      createMcpHandler(({ era }) => buildMcpServer({ principal, era, sessionId }), {
        legacy: "reject",
        ...(bus ? { bus } : {}),
        maxRequestBodySize: MAX_BATCH_BODY_BYTES,
        onerror: (error) => logger.warn({ err: { name: error.name, message: error.message } }, "mcp: request refused or failed"),
      }).fetch(forward);
    return methodOf(message) === "subscriptions/listen" ? openListenStream(principal, idOf(message), serve) : serve();
  }
  const server = buildMcpServer({ principal, era: "legacy", sessionId });
  // The endpoint's one bound for both revisions: the transport's own default is lower (4 MiB).
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BATCH_BODY_BYTES,
  });
  await server.connect(transport);
  let response: Response;
  try {
    response = await transport.handleRequest(forward, message === undefined ? undefined : { parsedBody: message });
  } finally {
    await server.close();
  }
  if (response.ok && methodOf(message) === "initialize") {
    // A 2025 client gets a session only for resources/subscribe (lib/mcp/legacy-subscriptions.ts).
    const headers = new Headers(response.headers);
    headers.set("Mcp-Session-Id", await openLegacySession(principal));
    return new Response(response.body, { status: response.status, headers });
  }
  return response;
}

/** GET /api/mcp: a 2025 client's stream of resource notifications, for its session. */
export async function openMcpNotificationStream(request: Request, caller: Principal): Promise<Response> {
  const sessionId = request.headers.get("mcp-session-id");
  if (!sessionId) throw new ApiError("METHOD_NOT_ALLOWED", "A stream needs an Mcp-Session-Id (from initialize); 2026-07-28 clients use subscriptions/listen");
  try {
    return await openLegacyNotificationStream({ ...caller, agent: "mcp" }, sessionId, request.signal);
  } catch (error) {
    // The session's refusal is a JSON-RPC error elsewhere; here, a 404 (a full cap stays its 429).
    throw error instanceof ProtocolError ? new ApiError("NOT_FOUND", "No such MCP session: initialize again") : error;
  }
}

/** DELETE /api/mcp: a 2025 client ends its session. */
export async function endMcpSession(request: Request, caller: Principal): Promise<void> {
  const sessionId = request.headers.get("mcp-session-id");
  if (!sessionId) throw new ApiError("BAD_REQUEST", "Mcp-Session-Id is required");
  await endLegacySession(caller, sessionId);
}

/** A JSON-RPC request's id, if the body is one. */
function idOf(message: unknown): unknown {
  return (message as { id?: unknown } | undefined)?.id;
}

/** A JSON-RPC request's method, if the body is one. */
function methodOf(message: unknown): unknown {
  return (message as { method?: unknown } | undefined)?.method;
}

/** The body as JSON, or undefined for a body that is not (the SDK answers its parse error). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
