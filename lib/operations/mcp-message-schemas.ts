import { z } from "zod";

const jsonRpcId = z.union([z.string(), z.number().int()]);

/** POST /api/mcp's body, loosely: one JSON-RPC 2.0 message (the MCP specification defines the rest). */
export const mcpRequestSchema = z.looseObject({
  jsonrpc: z.literal("2.0"),
  id: jsonRpcId.optional().describe("Absent for notifications (answered 202, no body)."),
  method: z.string().describe("initialize, tools/list, tools/call, …"),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** A JSON-RPC 2.0 response: a result or an error. Tool failures are results with isError: true. */
export const mcpResponseSchema = z.looseObject({
  jsonrpc: z.literal("2.0"),
  id: jsonRpcId.nullable(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.looseObject({ code: z.number().int(), message: z.string() }).optional(),
});
