import { healthSchema } from "@/lib/health/health-schemas";
import { mcpRequestSchema, mcpResponseSchema } from "@/lib/operations/mcp-message-schemas";
import { examples } from "@/lib/operations/examples/examples";
import { openApiDocumentSchema } from "@/lib/operations/openapi-document-schema";
import { MAX_BATCH_BODY_BYTES } from "@/lib/board-model/card-schemas";
import { BOARD_PROMPTS, BOARD_TEMPLATES } from "./mcp-catalog";
import { declareOperation } from "./operation";

/** MCP, health and this document. */
export const SYSTEM_OPERATIONS = {
  mcp: declareOperation({
    method: "post",
    path: "/api/mcp",
    operationId: "mcp",
    tag: "MCP",
    summary: "MCP endpoint (Streamable HTTP)",
    description:
      'The Model Context Protocol server, revisions 2026-07-28 (server/discover, no session) and 2025-11-25 / 2025-06-18 (initialize) on one endpoint, stateless: send JSON-RPC messages with Accept: application/json, text/event-stream and an API key or OAuth token (session cookies are not accepted). Its tools are the operations of this document marked `x-mcp-tools` (tools/list answers their names, arguments, answers, icons and annotations); its resources (boards as JSON and PNG, cards) are `x-mcp-resources` here, its prompts `x-mcp-prompts`. A tool failure is a result with isError: true whose text is this API\'s error body. Use an MCP client rather than calling it by hand; docs/API.md, "MCP", says what each revision gets.',
    body: { schema: mcpRequestSchema, example: examples.mcpRequest, maxBytes: MAX_BATCH_BODY_BYTES, readByHandler: true },
    success: {
      status: 200,
      description:
        "The JSON-RPC response, as JSON or as a one-message event stream: the client must send Accept: application/json, text/event-stream (406 otherwise); 202 with no body for a notification.",
      schema: mcpResponseSchema,
      example: examples.mcpResponse,
      eventStream: true,
    },
    // 413: the endpoint reads the body itself, within its bound, for both revisions: the API's error body.
    errors: [401, 413],
    otherResponses: [
      { status: 202, description: "A notification was accepted. No body." },
      ...[400, 406, 415].map((status) => ({
        status,
        description: "A malformed or unacceptable MCP message: a JSON-RPC error.",
        schema: mcpResponseSchema,
      })),
    ],
    access: "key",
    readKeyWrites: true,
    extensions: {
      "x-mcp-resources": BOARD_TEMPLATES.map(({ uriTemplate, name, title, description, mimeType }) => ({ uriTemplate, name, title, description, mimeType })),
      "x-mcp-prompts": BOARD_PROMPTS.map(({ name, title, description, arguments: args }) => ({ name, title, description, arguments: args })),
    },
  }),
  mcpNotificationStream: declareOperation({
    method: "get",
    path: "/api/mcp",
    operationId: "mcpNotificationStream",
    tag: "MCP",
    summary: "MCP notification stream (2025 revisions)",
    description:
      "For clients of the 2025 revisions: with the Mcp-Session-Id that initialize answered, an event stream of notifications/resources/updated for the boards the session subscribed to (resources/subscribe), while the caller may read them. It counts against the user's open event streams (429 past them, as subscriptions/listen does) and ends when the key or connected app is revoked or the user leaves the workspace. 405 without a session id; 2026-07-28 clients use subscriptions/listen over POST instead.",
    requestHeaders: ["Mcp-Session-Id"],
    success: { status: 200, description: "The event stream (text/event-stream) of JSON-RPC notifications.", eventStream: true },
    errors: [401, 404, 405],
    access: "key",
  }),
  mcpEndSession: declareOperation({
    method: "delete",
    path: "/api/mcp",
    operationId: "mcpEndSession",
    tag: "MCP",
    summary: "End an MCP session (2025 revisions)",
    description: "Ends the session named by Mcp-Session-Id and its subscriptions. Unknown sessions are ignored.",
    requestHeaders: ["Mcp-Session-Id"],
    success: { status: 204, description: "Ended." },
    errors: [400, 401],
    access: "key",
    readKeyWrites: true,
  }),
  health: declareOperation({
    method: "get",
    path: "/api/health",
    operationId: "health",
    tag: "System",
    summary: "Health",
    description:
      'For load balancers: 503 (with the same body) while the database is unreachable, and 503 {status: "draining"} from the moment the instance is asked to stop (SIGTERM) while it still serves requests for SHUTDOWN_DRAIN_SECONDS.',
    success: { status: 200, description: "Up.", schema: healthSchema, example: examples.health },
    errors: [],
    otherResponses: [{ status: 503, description: "The database is unreachable, or the instance is draining.", schema: healthSchema }],
    access: "public",
  }),
  getOpenApiDocument: declareOperation({
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "System",
    summary: "This document",
    description: "OpenAPI 3.1, generated from the zod schemas the handlers validate with. The interactive reference is at /docs.",
    success: { status: 200, description: "The document.", schema: openApiDocumentSchema },
    errors: [],
    access: "public",
  }),
};
