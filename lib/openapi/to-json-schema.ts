import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

export interface JsonSchemaOptions {
  /** "input" for what a caller sends (defaults make fields optional), "output" for what we answer. */
  io: "input" | "output";
  /** OpenAPI 3.1 speaks draft 2020-12; MCP clients validate with draft-07 (the two agree on what we emit). */
  target?: "draft-2020-12" | "draft-07";
}

/** zod's date-time pattern repeats what format: date-time says in 500 characters; the format stays. */
export function trimJsonSchema({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
}

/** One zod schema as JSON Schema, without the $schema line (an OpenAPI document or an MCP tool embeds it). */
export function toJsonSchema(schema: z.ZodType, { io, target = "draft-2020-12" }: JsonSchemaOptions): JsonSchema {
  const jsonSchema = z.toJSONSchema(schema, { io, target, override: trimJsonSchema }) as JsonSchema;
  delete jsonSchema.$schema;
  return jsonSchema;
}
