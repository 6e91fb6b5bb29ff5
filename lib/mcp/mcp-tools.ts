import { z } from "zod";
import type { Principal } from "@/lib/request/principal";
import type { AnyOperation, PathParams, ToolSpec } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/operations/registry";
import { idSchema } from "@/lib/validation/common";

/** Every hint said outright: MCP's defaults for a missing one (destructive, open-world) are the worst case. */
interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** One MCP tool, made from the operation that declares it (lib/operations/operation.ts, ToolSpec). */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodType;
  output: z.ZodType;
  annotations: ToolAnnotations;
  /** May run as a task for a client that declares tasks (ToolSpec.long). */
  long: boolean;
  run: (principal: Principal, input: Record<string, unknown>) => Promise<unknown>;
}

/** Every tool, by name: the order stays the same whatever order the operations are declared in. */
export const MCP_TOOLS: readonly McpTool[] = OPERATIONS.flatMap((operation) => (operation.tools ?? []).map((spec) => toTool(operation, spec))).sort((a, b) =>
  a.name < b.name ? -1 : 1,
);

function toTool(operation: AnyOperation, spec: ToolSpec): McpTool {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  if (!spec.run && !operation.action) throw new Error(`${where}: the tool ${spec.name} needs the operation's action`);
  if (operation.query && !spec.arguments) throw new Error(`${where}: the tool ${spec.name} must declare typed arguments (the query is text)`);
  const action = operation.action;
  return {
    name: spec.name,
    title: spec.title,
    description: `${operation.description}${spec.hint ? ` ${spec.hint}` : ""} Same as ${where}.`,
    input: spec.arguments ?? pathAndBodyArguments(operation),
    output: spec.output ?? operation.success.schema ?? z.object({}),
    // Reads are idempotent by nature; only a tool that fetches what it is given is open-world.
    annotations: {
      readOnlyHint: spec.mode === "read",
      destructiveHint: spec.mode === "write" && spec.destructive === true,
      idempotentHint: spec.mode === "read" || spec.idempotent === true,
      openWorldHint: spec.openWorld === true,
    },
    long: spec.long === true,
    run: spec.run ?? ((principal, args) => action!(principal, splitArguments(operation, args))),
  };
}

/** The path's ids (described as the declaration describes them) beside the body's fields. */
function pathAndBodyArguments(operation: AnyOperation): z.ZodObject {
  const ids = Object.fromEntries(
    Object.entries<{ description: string }>(operation.pathParams ?? {}).map(([name, { description }]) => [name, idSchema.describe(description)]),
  );
  const body = operation.body?.schema;
  if (body && !(body instanceof z.ZodObject)) throw new Error(`${operation.operationId}: a tool over a body that is not an object needs bodyArgument`);
  return z.strictObject({ ...ids, ...(body?.shape ?? {}) });
}

/** A tool's validated arguments as the route's parsed input: path parameters, query, body. */
function splitArguments(operation: AnyOperation, args: Record<string, unknown>) {
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  const queryFields = new Set(Object.keys(operation.query?.shape ?? {}));
  for (const [name, value] of Object.entries(args)) {
    if (operation.pathParams && name in operation.pathParams) params[name] = value;
    else if (queryFields.has(name)) query[name] = value;
    else rest[name] = value;
  }
  const body = operation.body ? (operation.body.parse ? operation.body.parse(rest) : rest) : undefined;
  return { params: params as PathParams<string>, query: operation.query ? query : undefined, body };
}
