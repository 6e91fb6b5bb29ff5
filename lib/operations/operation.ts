import type { z } from "zod";
import type { Principal } from "@/lib/request/principal";

/**
 * Who may call an operation: an API key or the web app's session (most), the session only (key
 * management, account), an API key only (MCP), anyone (health, the document), or anyone from the
 * app's own origin (sign-up: a browser form, refused cross-site).
 */
export type Access = "key-or-session" | "session" | "key" | "public" | "same-origin";
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type RequestHeader = "Idempotency-Key" | "If-Match" | "If-None-Match" | "Base-Version" | "Last-Event-ID" | "Mcp-Session-Id";

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
  /** The body is a file: multipart/form-data with one part `file`, or the raw bytes (documented so). */
  upload?: true;
  /** The handler reads the body itself (the MCP SDK answers bad messages its own way): documented only. */
  readByHandler?: boolean;
  /** Its Idempotency-Key is kept by the handler (an import job's row), not by withIdempotency, which would hold the body in memory. */
  keyedByHandler?: true;
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

/* eslint-disable @typescript-eslint/no-explicit-any -- matching on one type parameter of an operation */
type QueryOf<Q> = Q extends z.ZodObject ? z.output<Q> : undefined;
type BodyOf<B> = B extends { parse: (value: unknown) => infer Parsed } ? Parsed : B extends { schema: infer S extends z.ZodType } ? z.output<S> : undefined;
/**
 * What a success body may hold before JSON: Dates where the schema says date-time text, and any
 * value for a map keyed by data (a JSON column, typed loosely by Prisma; the API tests check it).
 */
type Serializable<T> = T extends string
  ? string | Date
  : T extends boolean
    ? boolean
    : T extends readonly (infer Item)[]
      ? readonly Serializable<Item>[]
      : T extends object
        ? string extends keyof T
          ? unknown
          : { [K in keyof T]: Serializable<T[K]> }
        : T;
type SuccessOf<S> = S extends z.ZodType ? Serializable<z.input<S>> : never;

export type OperationQuery<Op> = Op extends Operation<string, infer Q, any, any, any> ? QueryOf<Q> : never;
export type OperationBody<Op> = Op extends Operation<string, any, infer B, any, any> ? BodyOf<B> : never;
export type OperationSuccess<Op> = Op extends Operation<string, any, any, infer S, any> ? SuccessOf<S> : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** An operation's input once parsed: the path's parameters, the query and the body, as declared. */
export interface ActionInput<Path extends string, Query, Body> {
  params: PathParams<Path>;
  query: QueryOf<Query>;
  body: BodyOf<Body>;
}

/**
 * An operation offered to AI agents as an MCP tool (lib/mcp/operation-tools.ts). Its arguments
 * are the path's ids with the body's fields, its answer the success body, and it runs the
 * operation's `action`, the function the route calls too: declaring a tool is this one field.
 */
export interface ToolSpec {
  name: string;
  title: string;
  /** `read` tools are the only ones a read-only key lists and runs (lib/mcp/may-run-tool.ts). */
  mode: "read" | "write";
  destructive?: boolean;
  idempotent?: boolean;
  /**
   * Work that can take long (a large import, a picture, a large batch): an MCP client that declares
   * tasks gets a task to poll rather than a held request (docs/API.md, "MCP").
   */
  long?: boolean;
  /** The tool reaches outside this service (fetches an address it is given). */
  openWorld?: boolean;
  /** What an agent should know beyond the operation's description: which tool to call next. */
  hint?: string;
  /**
   * The arguments, where they are not the path's ids and the body's fields: typed values for an
   * operation whose query is text (numbers, booleans), or a narrower body (one tool per form).
   * Argument names that are path parameters or query fields go there; the rest is the body.
   */
  arguments?: z.ZodObject;
  /**
   * A tool whose answer is not the route's success body (export's text for a file, import's dry
   * run): its own answer, and a run that calls the same lib function as the route.
   */
  output?: z.ZodType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the arguments as `arguments` declares them
  run?: (principal: Principal, args: any) => Promise<unknown>;
}

/**
 * One operation of the API, declared once: the route handler (lib/http/route-handlers.ts), its
 * 405 answers, the OpenAPI document (lib/openapi/) and the MCP tools (lib/mcp/) are all read from
 * it. See docs/ARCHITECTURE.md, "Where to add things".
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
  /** Refused to OAuth access tokens whatever their scopes (workspace membership; docs/API.md, "OAuth"). */
  noOAuth?: true;
  /**
   * A single write whose one statement checks the caller's API key itself (lib/single-writes/): a key
   * this process has read before is not read again first (docs/ARCHITECTURE.md, "Single writes").
   */
  keyCheckedInStatement?: true;
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
  /**
   * What the operation does, for the route (when its handler only shapes the JSON answer) and the
   * MCP tool alike: one function, so the two cannot drift. (A method, so that any operation is an
   * AnyOperation: method parameters compare both ways.)
   */
  action?(principal: Principal, input: ActionInput<Path, Query, Body>): Promise<SuccessOf<Success>>;
  /** Offered to agents as MCP tools (one per form an agent calls, usually one). */
  tools?: readonly ToolSpec[];
  /** `x-` members of the document's operation beyond those made from the fields above (the MCP server's resources and prompts). */
  extensions?: Record<`x-${string}`, unknown>;
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
