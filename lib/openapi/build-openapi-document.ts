import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors/api-error";
import packageJson from "@/package.json";
import { REQUEST_SCHEMAS, RESPONSE_SCHEMAS, type NamedSchema } from "./components";
import type { Access, AnyOperation, RequestHeader } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/operations/registry";
import { TAGS } from "./tags";
import { toJsonSchema, trimJsonSchema, type JsonSchema } from "./to-json-schema";
import { webhookEventsSection } from "./webhook-document";

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, JsonSchema>> };

const JSON_TYPE = "application/json";
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const DESCRIPTION = `JSON over HTTP for snaps (grid boards), their cards, lines and folders.

**Authentication.** Send a personal API key on every request: \`Authorization: Bearer service_sk_…\`
(generate one in the web app under Settings › Integrations). Apps and AI assistants may instead get
an OAuth 2.1 access token (\`service_at_…\`, the \`oauth2\` scheme: discovery at
\`/.well-known/oauth-protected-resource/api\`, scopes \`read\` and \`write\`); each operation lists the
scope it needs. The web app itself uses its session cookie; cookie-authenticated writes must come
from the app's own origin.

**Errors.** Every error has one body: \`{"error": {"code", "message", "details"?}}\`; the code
decides the status (docs/API.md, "Errors").

**Idempotent retries.** The creates that list an \`Idempotency-Key\` header take one: a retry with
the same key and request replays the first answer and writes nothing (the rule: docs/API.md,
"Idempotency").

**Optimistic concurrency.** \`GET\` and \`PATCH\` of a snap or a card answer an \`ETag\`. Send it
back as \`If-Match\` on a \`PATCH\`: if the resource changed meanwhile, the answer is 412
\`PRECONDITION_FAILED\` and nothing is written. \`If-None-Match\` on a \`GET\` answers 304 while it is current.

**Rate limits.** Every authenticated answer carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\`
and \`X-RateLimit-Reset\` (Unix time, seconds) for the caller's budget (per API key; per user for a
session). Past it, and after too many failed authentications from one address or for one key prefix,
the answer is 429 \`RATE_LIMITED\` with \`Retry-After\` (seconds).

**Paths.** \`/api/snaps/cards/{id}\` (cards) sits beside \`/api/snaps/{id}/…\` (a snap's export,
lines, history, …), as the service's contract fixes them; a tool may call the pair ambiguous. They
never collide: the fixed segment \`cards\` (and \`batch\`, \`import\`) is matched first, and no snap has
such an id.

**AI agents.** An MCP server (Streamable HTTP) is at \`/api/mcp\`, with the same API keys.`;

const ERROR_RESPONSES: Record<number, { code: ErrorCode; description: string; message: string }> = {
  400: { code: "BAD_REQUEST", description: "Invalid parameters or body; details name each field path.", message: "Invalid body: title Title cannot be empty" },
  401: { code: "UNAUTHORIZED", description: "Missing, malformed, wrong or revoked API key; no session.", message: "Invalid, incomplete or revoked API key" },
  403: { code: "FORBIDDEN", description: "Authenticated, but not allowed.", message: "You may not edit this snap" },
  404: { code: "NOT_FOUND", description: "No such resource.", message: "Snap not found" },
  405: { code: "METHOD_NOT_ALLOWED", description: "Not this way: the operation needs what the request lacks.", message: "Method GET not allowed" },
  409: {
    code: "IDEMPOTENCY_KEY_REUSED",
    description: "A conflict: CONFLICT (a limit, a duplicate, or writes that kept colliding) or IDEMPOTENCY_KEY_REUSED (the key was used for another request).",
    message: "Idempotency-Key reused with a different request: a retry must repeat the method, path and body exactly; use a new key for a new request",
  },
  412: {
    code: "PRECONDITION_FAILED",
    description: "If-Match no longer matches the current ETag; nothing was written.",
    message: "The snap changed since you read it: If-Match does not match its current ETag; read it again",
  },
  503: {
    code: "SERVICE_UNAVAILABLE",
    description: "The database is unreachable or saturated, or a PNG render could not finish; retry after Retry-After.",
    message: "The service is unavailable; retry shortly",
  },
  413: { code: "PAYLOAD_TOO_LARGE", description: "The body is over 1 MB (8 MB for card batches).", message: "The body exceeds 1000000 bytes" },
  410: {
    code: "GONE",
    description: "A feed cursor older than the events kept.",
    message: "This cursor is older than the 30 days of events kept: some events after it are gone. Start again without after.",
  },
  429: { code: "RATE_LIMITED", description: "Too many attempts; Retry-After says when to try again.", message: "Too many attempts; try again later" },
  500: {
    code: "INTERNAL_SERVER_ERROR",
    description: "An unexpected failure, logged with the request id; nothing partial was written.",
    message: "Something went wrong on our side",
  },
  415: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    description: "The body is not application/json.",
    message: "Send the body as JSON with Content-Type: application/json",
  },
};

const HEADER_PARAMETERS: Record<RequestHeader, { component: string; parameter: JsonSchema }> = {
  "Idempotency-Key": {
    component: "IdempotencyKey",
    parameter: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Makes the create safe to retry for 24 hours (a UUID is typical). A replay answers the first response with Idempotent-Replayed: true.",
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
      example: "7f9c2ba4-e88f-4d2b-9a1c-3e5b6d7f8a90",
    },
  },
  "If-Match": {
    component: "IfMatch",
    parameter: {
      name: "If-Match",
      in: "header",
      required: false,
      description: "The ETag you read: the write happens only if the resource still has it (else 412).",
      schema: { type: "string" },
    },
  },
  "Base-Version": {
    component: "BaseVersion",
    parameter: {
      name: "Base-Version",
      in: "header",
      required: false,
      description:
        "Live editing: the snap version your edit was based on, stored in its `change` event so others can tell what it overwrote. The write happens either way (400 unless a positive integer).",
      schema: { type: "string", pattern: "^[1-9][0-9]*$" },
    },
  },
  "Mcp-Session-Id": {
    component: "McpSessionId",
    parameter: {
      name: "Mcp-Session-Id",
      in: "header",
      required: false,
      description: 'The session id initialize answered a 2025-revision MCP client (docs/API.md, "MCP").',
      schema: { type: "string", maxLength: 64 },
    },
  },
  "Last-Event-ID": {
    component: "LastEventId",
    parameter: {
      name: "Last-Event-ID",
      in: "header",
      required: false,
      description: "The last snap version received (EventSource sends it when it reconnects): the stream resumes after it.",
      schema: { type: "string", pattern: "^[0-9]+$" },
    },
  },
  "If-None-Match": {
    component: "IfNoneMatch",
    parameter: {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "The ETag you hold: 304 with no body while it is current.",
      schema: { type: "string" },
    },
  },
};

/** On every authenticated answer while rate limits are on (RATE_LIMIT_REQUESTS_PER_MINUTE above 0; 1200 by default). */
const RATE_LIMIT_HEADERS: JsonSchema = {
  "X-RateLimit-Limit": ref("headers", "RateLimitLimit"),
  "X-RateLimit-Remaining": ref("headers", "RateLimitRemaining"),
  "X-RateLimit-Reset": ref("headers", "RateLimitReset"),
};

const SECURITY: Record<Access, JsonSchema[]> = {
  "key-or-session": [{ bearerAuth: [] }, { sessionCookie: [] }],
  session: [{ sessionCookie: [] }],
  key: [{ bearerAuth: [] }],
  public: [],
  "same-origin": [],
};

/**
 * Who may call an operation: an API key, and an OAuth token with the scope the operation needs
 * (`read` for reads and for MCP, which offers a read token only its read tools; `write` for any
 * other write), besides the session. Session-only operations and membership take no OAuth token.
 */
function securityOf(operation: AnyOperation): JsonSchema[] {
  const schemes = SECURITY[operation.access];
  if (operation.noOAuth || (operation.access !== "key-or-session" && operation.access !== "key")) return schemes;
  const scope = operation.method === "get" || operation.readKeyWrites ? "read" : "write";
  const [first, ...rest] = schemes;
  return [first!, { oauth2: [scope] }, ...rest];
}

/** A registry of named zod schemas as components.schemas, refs between them included. */
function convertComponents(named: readonly NamedSchema[], io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const { name, schema } of named) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    override: trimJsonSchema,
  }) as {
    schemas: Record<string, JsonSchema>;
  };
  return Object.fromEntries(
    named.map(({ name, description }) => {
      const schema = { ...schemas[name]! };
      delete schema.$schema;
      delete schema.$id;
      return [name, { description, ...schema }];
    }),
  );
}

function schemaRef(names: Map<z.ZodType, string>, schema: z.ZodType, where: string) {
  const name = names.get(schema);
  if (!name) throw new Error(`${where}: the schema is not named in lib/openapi/components.ts`);
  return ref("schemas", name);
}

/**
 * Each property of the query schema as a parameter. The schema reads text; the document shows the
 * value it becomes (an integer, bounds included) where JSON Schema can say it, else the text.
 */
function queryParameters(query: z.ZodObject): JsonSchema[] {
  return Object.entries(query.shape).map(([name, field]) => {
    const { description, ...schema } = queryValueSchema(field as z.ZodType);
    return { name, in: "query", required: !(field as z.ZodType).safeParse(undefined).success, description, schema };
  });
}

function queryValueSchema(field: z.ZodType): JsonSchema {
  try {
    return toJsonSchema(field, { io: "output" });
  } catch {
    return toJsonSchema(field, { io: "input" }); // a transform (`"true"` → true): the text it accepts
  }
}

/**
 * The errors every operation of its kind can answer, whether or not it lists them: 400 and 404 when
 * its path names a resource (a path that is not valid percent-encoded UTF-8 is refused before any
 * route runs); an authenticated one 401 (no caller) and 429 (past the rate limit), and 403 for a
 * write (a read-only key) or a caller of the wrong kind.
 */
function impliedErrors(operation: AnyOperation): number[] {
  const named = Object.keys(operation.pathParams ?? {}).length ? [400, 404] : [];
  if (operation.access === "public" || operation.access === "same-origin") return named;
  const refusesSome = operation.method !== "get" || operation.access !== "key-or-session";
  return [...named, 401, 429, ...(refusesSome ? [403] : [])];
}

/** A UUID-shaped Idempotency-Key example of its own for each operation, so generated tests do not collide. */
function idempotencyKeyExample(operationId: string): string {
  const hex = createHash("sha256").update(operationId).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function operationObject(operation: AnyOperation, requestNames: Map<z.ZodType, string>, responseNames: Map<z.ZodType, string>): JsonSchema {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const { success } = operation;
  const parameters = [
    ...Object.entries(operation.pathParams ?? {}).map(([name, { description, example }]) => ({
      name,
      in: "path",
      required: true,
      description,
      schema: { type: "string", minLength: 1, maxLength: 64 },
      example,
    })),
    ...(operation.query ? queryParameters(operation.query) : []),
    ...(operation.requestHeaders ?? []).map((header) =>
      header === "Idempotency-Key"
        ? { ...HEADER_PARAMETERS[header].parameter, example: idempotencyKeyExample(operation.operationId) }
        : ref("parameters", HEADER_PARAMETERS[header].component),
    ),
  ];

  const authenticated = operation.access !== "public" && operation.access !== "same-origin";
  const successHeaders: JsonSchema = authenticated ? { ...RATE_LIMIT_HEADERS } : {};
  if (success.etag) successHeaders.ETag = ref("headers", "ETag");
  if (operation.requestHeaders?.includes("Idempotency-Key")) successHeaders["Idempotent-Replayed"] = ref("headers", "IdempotentReplayed");
  if (operation.requestHeaders?.includes("Base-Version")) successHeaders["Snap-Version"] = ref("headers", "SnapVersion");
  const responses: JsonSchema = {
    [success.status]: {
      description: success.description,
      ...(Object.keys(successHeaders).length ? { headers: successHeaders } : {}),
      ...(success.schema || success.eventStream || success.files
        ? {
            content: {
              ...(success.schema
                ? { [JSON_TYPE]: { schema: schemaRef(responseNames, success.schema, where), ...(success.example ? { example: success.example } : {}) } }
                : {}),
              ...(success.eventStream ? { "text/event-stream": { schema: { type: "string", description: "Server-Sent Events." } } } : {}),
              ...Object.fromEntries(Object.entries(success.files ?? {}).map(([media, description]) => [media, { schema: { type: "string", description } }])),
            },
          }
        : {}),
    },
  };
  for (const status of [...new Set([...impliedErrors(operation), ...operation.errors])].sort((a, b) => a - b))
    responses[status] = ref("responses", `Error${status}`);
  for (const other of operation.otherResponses ?? []) {
    responses[other.status] = {
      description: other.description,
      ...(other.schema ? { content: { [JSON_TYPE]: { schema: schemaRef(responseNames, other.schema, where) } } } : {}),
    };
  }
  responses[500] = ref("responses", "Error500");
  responses.default = ref("responses", "Error");

  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    ...(operation.tools?.length ? { "x-mcp-tools": operation.tools.map((tool) => tool.name) } : {}),
    ...operation.extensions,
    security: securityOf(operation),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            ...(operation.body.maxBytes ? { description: `At most ${operation.body.maxBytes / 1_000_000} MB.` } : {}),
            content: operation.body.upload
              ? UPLOAD_CONTENT
              : { [JSON_TYPE]: { schema: schemaRef(requestNames, operation.body.schema, where), example: operation.body.example } },
          },
        }
      : {}),
    responses,
  };
}

/** A file upload's body: a multipart part named `file`, or the bytes themselves. */
const UPLOAD_CONTENT = {
  "multipart/form-data": {
    schema: { type: "object", properties: { file: { type: "string", format: "binary", description: "The file, with its name." } }, required: ["file"] },
  },
  "application/octet-stream": { schema: { type: "string", format: "binary", description: "The file itself (any Content-Type); its name in ?name=." } },
};

function errorResponses(): Record<string, JsonSchema> {
  const entries = Object.entries(ERROR_RESPONSES).map(([status, { code, description, message }]) => [
    `Error${status}`,
    {
      description,
      ...(status === "429" ? { headers: { "Retry-After": ref("headers", "RetryAfter"), ...RATE_LIMIT_HEADERS } } : {}),
      content: { [JSON_TYPE]: { schema: ref("schemas", "Error"), example: { error: { code, message } } } },
    },
  ]);
  const fallback = {
    description: `Any other error, e.g. ${ERROR_STATUS.RATE_LIMITED} RATE_LIMITED, ${ERROR_STATUS.INTERNAL_SERVER_ERROR} INTERNAL_SERVER_ERROR or ${ERROR_STATUS.SERVICE_UNAVAILABLE} SERVICE_UNAVAILABLE (429 and 503 with Retry-After).`,
    content: {
      [JSON_TYPE]: {
        schema: ref("schemas", "Error"),
        example: { error: { code: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable; retry shortly" } },
      },
    },
  };
  return { ...Object.fromEntries(entries), Error: fallback };
}

function build(): OpenApiDocument {
  const requestComponents = convertComponents(REQUEST_SCHEMAS, "input");
  const responseComponents = convertComponents(RESPONSE_SCHEMAS, "output");
  const clash = Object.keys(requestComponents).find((name) => name in responseComponents);
  if (clash) throw new Error(`Schema name ${clash} is both a request and a response component`);
  const requestNames = new Map(REQUEST_SCHEMAS.map(({ name, schema }) => [schema, name]));
  const responseNames = new Map(RESPONSE_SCHEMAS.map(({ name, schema }) => [schema, name]));

  const paths: OpenApiDocument["paths"] = {};
  for (const operation of OPERATIONS) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${operation.path} is registered twice`);
    item[operation.method] = operationObject(operation, requestNames, responseNames);
  }

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Snap Board Service API",
      version: packageJson.version,
      description: DESCRIPTION,
      contact: { name: "Snap Board Service: the API reference is at /docs on this server" },
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "This server: production, staging or local, wherever the app runs", "x-internal": false }],
    tags: TAGS.map((tag) => ({ ...tag })),
    security: SECURITY["key-or-session"],
    paths,
    webhooks: webhookEventsSection(),
    components: {
      schemas: { ...requestComponents, ...responseComponents },
      responses: errorResponses(),
      // Idempotency-Key is written into each operation, with an example of its own.
      parameters: Object.fromEntries(
        Object.entries(HEADER_PARAMETERS)
          .filter(([header]) => header !== "Idempotency-Key")
          .map(([, { component, parameter }]) => [component, parameter]),
      ),
      headers: {
        ETag: { description: "The representation's entity tag, for If-Match and If-None-Match.", schema: { type: "string" } },
        SnapVersion: {
          description: "The snap's version after this write (the id of its `change` event).",
          schema: { type: "string", pattern: "^[1-9][0-9]*$" },
        },
        IdempotentReplayed: { description: "Present on a replayed answer to a retried Idempotency-Key.", schema: { type: "string", const: "true" } },
        RateLimitLimit: {
          description: "Requests the caller may make per window (present while rate limits are on).",
          schema: { type: "integer", format: "int32", minimum: 1, maximum: 2147483647 },
        },
        RateLimitRemaining: {
          description: "Requests left in the current window (present while rate limits are on).",
          schema: { type: "integer", format: "int32", minimum: 0, maximum: 2147483647 },
        },
        RateLimitReset: {
          description: "When the window resets, in Unix time seconds (present while rate limits are on).",
          schema: { type: "integer", format: "int64", minimum: 0, maximum: 9007199254740991 },
        },
        RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "integer", format: "int32", minimum: 0, maximum: 86400 } },
      },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "service_sk_…", description: "A personal API key (Settings › Integrations)." },
        oauth2: {
          type: "oauth2",
          description:
            "OAuth 2.1 with PKCE (S256) for apps and AI assistants: an access token `service_at_…` (1 hour) sent as `Authorization: Bearer`. " +
            "Clients register dynamically (RFC 7591) or use a client ID metadata document; metadata at /.well-known/oauth-authorization-server.",
          flows: {
            authorizationCode: {
              authorizationUrl: "/oauth/authorize",
              tokenUrl: "/oauth/token",
              refreshUrl: "/oauth/token",
              scopes: { read: "Read snaps, cards, lines, folders, history and events.", write: "Create, change and delete them (includes read)." },
            },
          },
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "authjs.session-token",
          description: "The web app's session (__Secure- prefixed over HTTPS). Writes must come from the app's own origin.",
        },
      },
    },
  };
}

let built: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of the API, built once per process from the operation registry. */
export function buildOpenApiDocument(): OpenApiDocument {
  built ??= build();
  return built;
}
