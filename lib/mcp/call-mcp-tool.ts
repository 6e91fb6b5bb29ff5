import "server-only";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { toErrorResponse } from "@/lib/http/error-response";
import { validate } from "@/lib/http/parse";
import { READ_ONLY_KEY_MESSAGE } from "@/lib/auth/api-keys/authenticate-api-key";
import { boardUri } from "./board-resources";
import { BOARD_ICONS } from "@/lib/operations/mcp-icons";
import { MCP_TOOLS, type McpTool } from "./mcp-tools";
import { mayRunTool } from "./may-run-tool";
import { asUserContent } from "./user-content";

/** The tool of that name the principal may run, or the API error a REST caller would get. */
export function findTool(principal: Principal, name: string): McpTool {
  const tool = MCP_TOOLS.find((candidate) => candidate.name === name);
  if (!tool) throw new ApiError("NOT_FOUND", `No tool named ${name}`);
  if (!mayRunTool(principal, tool)) throw new ApiError("FORBIDDEN", READ_ONLY_KEY_MESSAGE);
  return tool;
}

/**
 * Runs one tool for the principal. Any failure, invalid arguments included, is a tool error
 * (isError) whose text is the API's error body, so an agent reads the same code and message a
 * REST caller would. An answer's text is its JSON marked as users' content (lib/mcp/user-content.ts);
 * a tool that makes or returns boards links to each as a resource.
 */
export async function callMcpTool(principal: Principal, name: string, args: unknown): Promise<CallToolResult> {
  try {
    const tool = findTool(principal, name);
    const input = validate(tool.input, args ?? {}, "arguments") as Record<string, unknown>;
    // Through JSON, so dates are the ISO strings a REST caller sees and the output schema describes.
    const result = JSON.parse(JSON.stringify(await tool.run(principal, input))) as Record<string, unknown>;
    const text = asUserContent(JSON.stringify(result));
    return { content: [{ type: "text", text }, ...pictureOf(result), ...boardLinks(result)], structuredContent: result };
  } catch (error) {
    return toolError(error);
  }
}

export async function toolError(error: unknown): Promise<CallToolResult> {
  const body: unknown = await toErrorResponse(error).json();
  return { content: [{ type: "text", text: JSON.stringify(body) }], isError: true };
}

interface BoardLike {
  id?: unknown;
  title?: unknown;
}

/** The boards an answer carries: `snap` (get, create, update, import, duplicate, restore) or `snaps` (a listing). */
function boardLinks(result: Record<string, unknown>): ContentBlock[] {
  const boards = [result.snap, ...(Array.isArray(result.snaps) ? result.snaps : [])] as (BoardLike | undefined)[];
  return boards.flatMap((board) =>
    board && typeof board.id === "string"
      ? [
          {
            type: "resource_link" as const,
            uri: boardUri(board.id),
            name: board.id,
            ...(typeof board.title === "string" ? { title: board.title } : {}),
            mimeType: "application/json",
            icons: BOARD_ICONS,
          },
        ]
      : [],
  );
}

/** export_snap as png: the picture as an image too, which a client shows. */
function pictureOf(result: Record<string, unknown>): ContentBlock[] {
  return result.mediaType === "image/png" && typeof result.data === "string" ? [{ type: "image", data: result.data, mimeType: "image/png" }] : [];
}
