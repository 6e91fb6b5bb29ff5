import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";
import { SYSTEM_OPERATIONS as operations } from "@/lib/operations/system-operations";

/**
 * The MCP server (Streamable HTTP, stateless: no stream to open with GET, no session to end with
 * DELETE). The SDK reads the body itself, so the declaration's body only documents it.
 */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.mcp, async ({ request, principal }) => handleMcpRequest(request, principal)),
);
