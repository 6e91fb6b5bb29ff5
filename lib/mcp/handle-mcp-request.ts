import "server-only";
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { MAX_BATCH_BODY_BYTES } from "@/lib/board-model/card-schemas";
import { ApiError } from "@/lib/errors/api-error";
import { readBodyText } from "@/lib/http/parse";
import { logger } from "@/lib/log/logger";
import { boardChangeFeed, boardEventBus } from "./board-change-feed";
import { buildMcpServer } from "./build-mcp-server";
import { endLegacySession, openLegacyNotificationStream, openLegacySession } from "./legacy-subscriptions";

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
  if (!(await isLegacyRequest(forward, message))) {
    const handler = createMcpHandler(({ era }) => buildMcpServer({ principal, era, sessionId }), {
      legacy: "reject",
      bus: boardEventBus(principal),
      maxRequestBodySize: MAX_BATCH_BODY_BYTES,
      onerror: (error) => logger.warn({ err: { name: error.name, message: error.message } }, "mcp: request refused or failed"),
    });
    // The SDK acknowledges a listen and subscribes at once: this instance's LISTEN must be in place first.
    if (methodOf(message) === "subscriptions/listen") await boardChangeFeed().listening();
    return handler.fetch(forward);
  }
  const server = buildMcpServer({ principal, era: "legacy", sessionId });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  let response: Response;
  try {
    response = await transport.handleRequest(forward);
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
  } catch {
    throw new ApiError("NOT_FOUND", "No such MCP session: initialize again");
  }
}

/** DELETE /api/mcp: a 2025 client ends its session. */
export async function endMcpSession(request: Request, caller: Principal): Promise<void> {
  const sessionId = request.headers.get("mcp-session-id");
  if (!sessionId) throw new ApiError("BAD_REQUEST", "Mcp-Session-Id is required");
  await endLegacySession(caller, sessionId);
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
