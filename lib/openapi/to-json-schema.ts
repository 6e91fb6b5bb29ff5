import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

export interface JsonSchemaOptions {
  /** "input" for what a caller sends (defaults make fields optional), "output" for what we answer. */
  io: "input" | "output";
  /** OpenAPI 3.1 speaks draft 2020-12; MCP clients validate with draft-07 (the two agree on what we emit). */
  target?: "draft-2020-12" | "draft-07";
}

const INT32 = 2 ** 31;

/**
 * zod's date-time pattern repeats what format: date-time says in 500 characters; the format stays.
 * An integer says its size (int32 when its bounds fit, else int64), as code generators want.
 */
export function trimJsonSchema({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
  if (jsonSchema.type === "integer" && jsonSchema.format === undefined) {
    const { minimum, maximum } = jsonSchema as { minimum?: number; maximum?: number };
    jsonSchema.format = minimum !== undefined && maximum !== undefined && minimum >= -INT32 && maximum < INT32 ? "int32" : "int64";
  }
}

/** One zod schema as JSON Schema, without the $schema line (an OpenAPI document or an MCP tool embeds it). */
export function toJsonSchema(schema: z.ZodType, { io, target = "draft-2020-12" }: JsonSchemaOptions): JsonSchema {
  const jsonSchema = z.toJSONSchema(schema, { io, target, override: trimJsonSchema }) as JsonSchema;
  delete jsonSchema.$schema;
  return jsonSchema;
}
