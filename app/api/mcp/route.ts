import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { withPrincipal } from "@/lib/http/route";
import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

/**
 * The MCP server (Streamable HTTP, stateless): agents authenticate with an API key, never a
 * session cookie; a missing, wrong or revoked key is a 401 with the error body. A read-only key
 * may call it, and sees and runs only the read tools.
 */
export const POST = withPrincipal(async (request, { principal }) => handleMcpRequest(request, principal), {
  apiKeyOnly: true,
  readKeyWrites: true,
});

// Stateless: no server-initiated stream to open with GET, no session to end with DELETE.
export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
