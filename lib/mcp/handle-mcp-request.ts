import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "@/lib/request/principal";
import { MAX_BATCH_BODY_BYTES } from "@/lib/board-model/card-schemas";
import { ApiError } from "@/lib/errors/api-error";
import { toErrorResponse } from "@/lib/http/error-response";
import { validate } from "@/lib/http/parse";
import { READ_ONLY_KEY_MESSAGE } from "@/lib/http/route";
import { toJsonSchema } from "@/lib/openapi/to-json-schema";
import packageJson from "@/package.json";
import { MCP_TOOLS } from "./mcp-tools";
import { mayRunTool } from "./may-run-tool";

const SERVER_INFO = { name: "snap-board", title: "Snap Board", version: packageJson.version };
const INSTRUCTIONS =
  "Snaps are grid boards of cards. Typical flow: create_snap with rows and cols, read the card ids from its answer, fill them with update_cards; add to-dos with create_cards (cellType todo). Errors come back as tool errors whose text is the API's error body {error: {code, message, details?}}.";

let toolList: Tool[] | undefined;

/** The tools as MCP lists them: JSON Schemas made from the same zod schemas the tools validate with. */
function listTools(principal: Principal): Tool[] {
  toolList ??= MCP_TOOLS.map(({ name, title, description, input, output, annotations }) => ({
    name,
    title,
    description,
    inputSchema: toJsonSchema(input, { io: "input", target: "draft-07" }) as Tool["inputSchema"],
    outputSchema: toJsonSchema(output, { io: "output", target: "draft-07" }) as Tool["outputSchema"],
    annotations,
  }));
  return toolList.filter((tool) => mayRunTool(principal, tool));
}

/**
 * Runs one tool for the principal. Any failure, invalid arguments included, is a tool error
 * (isError) whose text is the API's error body, so an agent reads the same code and message a
 * REST caller would.
 */
async function callTool(principal: Principal, name: string, args: unknown): Promise<CallToolResult> {
  try {
    const tool = MCP_TOOLS.find((candidate) => candidate.name === name);
    if (!tool) throw new ApiError("NOT_FOUND", `No tool named ${name}`);
    if (!mayRunTool(principal, tool)) throw new ApiError("FORBIDDEN", READ_ONLY_KEY_MESSAGE);
    const input = validate(tool.input, args ?? {}, "arguments") as Record<string, unknown>;
    // Through JSON, so dates are the ISO strings a REST caller sees and the output schema describes.
    const result = JSON.parse(JSON.stringify(await tool.run(principal, input))) as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (error) {
    const body: unknown = await toErrorResponse(error).json();
    return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
  }
}

/**
 * POST /api/mcp: one Streamable HTTP exchange in stateless mode. A fresh server and transport per
 * request keep no state in the process, so any instance can answer any request.
 */
export async function handleMcpRequest(request: Request, caller: Principal): Promise<Response> {
  const principal: Principal = { ...caller, agent: "mcp" };
  // The low-level Server rather than McpServer: McpServer validates tool arguments itself and
  // reports failures as plain text, where we want the API's error codes.
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools(principal) }));
  server.setRequestHandler(CallToolRequestSchema, (call) => callTool(principal, call.params.name, call.params.arguments));

  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BATCH_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
