import type { z } from "zod";

/**
 * Who may call an operation: an API key or the web app's session (most), the session only (key
 * management, account), an API key only (MCP), anyone (health, the document), or anyone from the
 * app's own origin (sign-up: a browser form, refused cross-site).
 */
export type Access = "key-or-session" | "session" | "key" | "public" | "same-origin";
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type RequestHeader = "Idempotency-Key" | "If-Match" | "If-None-Match" | "Base-Version" | "Last-Event-ID";

/** `"/api/snaps/{id}/versions/{version}"` → `"id" | "version"`. */
export type PathParamName<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamName<Rest> : never;
/** The names of a path's parameters; any name for an operation whose path is not known. */
type ParamKey<Path extends string> = string extends Path ? string : PathParamName<Path>;
export type PathParams<Path extends string> = { [Name in ParamKey<Path>]: string };

/** The 304 of a GET answered with an ETag. */
export const NOT_MODIFIED: ResponseSpec = { status: 304, description: "Not modified: If-None-Match names the current ETag. No body." };

export interface PathParamSpec {
  description: string;
  example: string;
}

export interface BodySpec<Body extends z.ZodType = z.ZodType, Parsed = z.output<Body>> {
  schema: Body;
  example: unknown;
  /** Larger than the 1 MB every other body may be (card batches, imports). */
  maxBytes?: number;
  /** A parser with its own error paths (the export document); the schema's own parse otherwise. */
  parse?: (value: unknown) => Parsed;
  /** The handler reads the body itself (the MCP SDK answers bad messages its own way): documented only. */
  readByHandler?: boolean;
}

/** One declared answer: its status, what it means, and its JSON body's schema if it has one. */
export type ResponseSpec<Schema extends z.ZodType | undefined = z.ZodType | undefined> = {
  status: number;
  description: string;
  example?: unknown;
  /** Answered with an ETag (and If-None-Match → 304). */
  etag?: boolean;
  /** Server-Sent Events (text/event-stream), instead of JSON or (MCP) as the client's Accept chooses. */
  eventStream?: boolean;
  /** Files it may be instead of JSON, by media type (an export's CSV or picture). */
  files?: Record<string, string>;
} & (Schema extends z.ZodType ? { schema: Schema } : { schema?: undefined });

/**
 * One operation of the API, declared once: the route handler (lib/http/route-handlers.ts), its
 * 405 answers, the OpenAPI document (lib/openapi/) and the MCP tools' arguments (lib/mcp/) are all
 * read from it. See docs/ARCHITECTURE.md, "Where to add things".
 */
export interface Operation<
  Path extends string = string,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Body extends BodySpec | undefined = BodySpec | undefined,
  Success extends z.ZodType | undefined = z.ZodType | undefined,
  Who extends Access = Access,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template, as the route's folder (`[id]` is `{id}`). */
  path: Path;
  access: Who;
  /** A write a read-only key may still send, because the handler itself keeps to reading (MCP). */
  readKeyWrites?: boolean;
  tag: string;
  summary: string;
  description: string;
  /** Every `{name}` of the path, with a description and an example (checked in lib/operations/registry.ts). */
  pathParams?: Record<ParamKey<Path>, PathParamSpec>;
  /** Query parameters as the server reads them from text (each property one parameter). */
  query?: Query;
  /** Idempotency-Key makes a create safe to retry (lib/http/with-idempotency.ts); the others are read by lib. */
  requestHeaders?: RequestHeader[];
  body?: Body;
  success: ResponseSpec<Success>;
  /** Other statuses answered with the error body (a `default` error is on every operation too). */
  errors: number[];
  /** Statuses answered with something other than the error body. */
  otherResponses?: ResponseSpec[];
}

/** Any declared operation, whatever its schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<string, any, any, any, Access>;

/** Declares an operation, keeping its schemas' types for the handler (lib/http/route-handlers.ts). */
export function declareOperation<
  const Path extends string,
  Query extends z.ZodObject | undefined = undefined,
  Body extends BodySpec | undefined = undefined,
  Success extends z.ZodType | undefined = undefined,
  Who extends Access = Access,
>(declaration: Operation<Path, Query, Body, Success, Who>): Operation<Path, Query, Body, Success, Who> {
  return declaration;
}
