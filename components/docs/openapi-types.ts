/** The parts of an OpenAPI 3.1 document the reference page reads (the document is GET /api/openapi.json). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
};

export interface Parameter {
  $ref?: string;
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  $ref?: string;
  description: string;
  headers?: Record<string, { $ref?: string; description?: string }>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { description?: string; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  "x-mcp-tools"?: string[];
  "x-mcp-resources"?: { uriTemplate: string; name: string; title?: string; description?: string; mimeType?: string }[];
  "x-mcp-prompts"?: { name: string; title?: string; description?: string; arguments?: { name: string; description?: string; required?: boolean }[] }[];
}

export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    parameters: Record<string, Parameter>;
  };
}

/** An operation with where it lives. */
export interface OperationEntry {
  method: string;
  path: string;
  operation: Operation;
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

export function schemaNameOf(ref: string): string {
  return refName(ref);
}

/** A parameter or response, with a $ref to components followed. */
export function resolveParameter(doc: OpenApiDoc, parameter: Parameter): Parameter {
  return parameter.$ref ? doc.components.parameters[refName(parameter.$ref)]! : parameter;
}

export function resolveResponse(doc: OpenApiDoc, response: ResponseObject): ResponseObject {
  return response.$ref ? doc.components.responses[refName(response.$ref)]! : response;
}

/** The operations grouped by their tag, in the document's tag order. */
export function operationsByTag(doc: OpenApiDoc): { name: string; description?: string; operations: OperationEntry[] }[] {
  const entries = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation })));
  return doc.tags
    .map((tag) => ({ ...tag, operations: entries.filter((entry) => entry.operation.tags.includes(tag.name)) }))
    .filter((tag) => tag.operations.length > 0);
}

/** Who may call an operation, from its security requirements. */
export function accessOf(operation: Operation): { label: string; cookie: boolean } {
  const schemes = new Set(operation.security.flatMap((requirement) => Object.keys(requirement)));
  if (schemes.size === 0) return { label: "No authentication", cookie: true };
  if (schemes.size === 1 && schemes.has("sessionCookie")) return { label: "Web session only (API keys get 403)", cookie: true };
  const names = [schemes.has("bearerAuth") && "API key", schemes.has("oauth2") && "OAuth access token", schemes.has("sessionCookie") && "web session"];
  return { label: names.filter(Boolean).join(" or "), cookie: schemes.has("sessionCookie") };
}
