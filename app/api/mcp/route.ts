import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { endMcpSession, handleMcpRequest, openMcpNotificationStream } from "@/lib/mcp/handle-mcp-request";
import { SYSTEM_OPERATIONS as operations } from "@/lib/operations/system-operations";

// Streams (subscriptions/listen, the 2025 GET stream) live as long as the client holds them.
export const dynamic = "force-dynamic";

/**
 * The MCP server, both revisions on one endpoint (docs/API.md, "MCP"). The SDK reads the POST body
 * itself, so the declaration's body only documents it.
 */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.mcp, async ({ request, principal }) => handleMcpRequest(request, principal)),
  implement(operations.mcpNotificationStream, async ({ request, principal }) => openMcpNotificationStream(request, principal)),
  implement(operations.mcpEndSession, async ({ request, principal }) => {
    await endMcpSession(request, principal);
    return new Response(null, { status: 204 });
  }),
);
