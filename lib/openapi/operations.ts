import type { z } from "zod";
import { apiKeysResponseSchema, createApiKeyInputSchema, createdApiKeyResponseSchema } from "@/lib/auth/api-keys/schemas";
import {
  cardBatchCreateSchema,
  cardBatchUpdateSchema,
  cardCreateSchema,
  cardResponseSchema,
  cardsResponseSchema,
  cardUpdateSchema,
} from "@/lib/cards/card-schemas";
import { folderCreateSchema, folderResponseSchema, foldersResponseSchema, folderUpdateSchema } from "@/lib/folders/folder-schemas";
import { healthSchema } from "@/lib/health/health-schemas";
import { lineCreateSchema, lineResponseSchema, lineUpdateSchema } from "@/lib/lines/line-schemas";
import { presenceUpdateSchema, snapEventsQuerySchema } from "@/lib/live/live-schemas";
import { mcpRequestSchema, mcpResponseSchema } from "@/lib/mcp/mcp-schemas";
import {
  snapCreateSchema,
  snapListResponseSchema,
  snapResponseSchema,
  snapUpdateSchema,
  workspaceSnapsArgsSchema,
  workspaceSnapsResponseSchema,
} from "@/lib/snaps/snap-schemas";
import { signUpInputSchema, userResponseSchema } from "@/lib/users/schemas";
import { successResponseSchema } from "@/lib/validation/common";
import { addWorkspaceMemberInputSchema, changeMemberRoleInputSchema } from "@/lib/workspaces/schemas";
import { examples } from "./examples";
import { HISTORY_OPERATIONS } from "./history-operations";
import { openApiDocumentSchema } from "./openapi-schemas";
import { WEBHOOK_OPERATIONS, WEBHOOK_TAG } from "./webhook-operations";
import { pingResponseSchema, workspaceMemberResponseSchema, workspaceMembersResponseSchema } from "./workspace-member-schemas";

/** Who may call: an API key or the web app's session (most), one of them only, or anyone. */
export type Access = "key-or-session" | "session" | "key" | "public";
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type RequestHeader = "Idempotency-Key" | "If-Match" | "If-None-Match" | "Base-Version" | "Last-Event-ID";

export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI path template, as the route's folder (`[id]` is `{id}`). */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  pathParams?: Record<string, string>;
  /** Query parameters: each property of this object schema (typed values, as the handler reads them). */
  query?: z.ZodObject;
  requestHeaders?: RequestHeader[];
  body?: { schema: z.ZodType; example: unknown; maxBytes?: number };
  success: {
    status: number;
    description: string;
    schema?: z.ZodType;
    example?: unknown;
    etag?: boolean;
    replayable?: boolean;
    /** Server-Sent Events (text/event-stream) instead of JSON. */
    eventStream?: boolean;
  };
  /** Other statuses, each answered with the error body (plus a `default` error on every operation). */
  errors: number[];
  /** Statuses answered with something other than the error body. */
  otherResponses?: { status: number; description: string; schema?: z.ZodType }[];
  access: Access;
}

const snapId = { id: "The snap id." };
const NOT_MODIFIED = { status: 304, description: "Not modified: If-None-Match names the current ETag. No body." };
const cardId = { id: "The card id." };

export const TAGS = [
  { name: "Snaps", description: "Grid boards: list, read, create, update, delete (spec 4.1)." },
  { name: "Cards", description: "The cells of a snap, singly or in batches of up to 100 (spec 4.2)." },
  { name: "Lines", description: "Lines between two cards of a snap (extension)." },
  { name: "Live", description: "Live updates of a snap: its change events and who views it (extension)." },
  { name: "History", description: "Who changed a snap and how, any recent version, and restore (extension)." },
  { name: "Folders", description: "Folders of the workspace (extension)." },
  { name: "Workspace", description: "The caller's workspace and its members." },
  { name: "API keys", description: "Key management: the web app's session only." },
  WEBHOOK_TAG,
  { name: "Account", description: "Sign-up (the web app)." },
  { name: "MCP", description: "The Model Context Protocol server for AI agents (Streamable HTTP)." },
  { name: "System", description: "Health and the benchmark's baseline." },
] as const;

/** Every operation of the API: the one registry the OpenAPI document and /docs are built from. */
export const OPERATIONS: readonly OperationSpec[] = [
  {
    method: "get",
    path: "/api/snaps",
    operationId: "listOwnSnaps",
    tag: "Snaps",
    summary: "List your snaps",
    description: "The snaps you own, most recently updated first; each card carries only its nine layout fields.",
    success: { status: 200, description: "Your snaps.", schema: snapListResponseSchema, example: examples.snapListResponse },
    errors: [401],
    access: "key-or-session",
  },
  {
    method: "post",
    path: "/api/snaps",
    operationId: "createSnap",
    tag: "Snaps",
    summary: "Create a snap",
    description: "A snap with a grid of rows × cols empty cards (default 1 × 1). Safe to retry with an Idempotency-Key.",
    requestHeaders: ["Idempotency-Key"],
    body: { schema: snapCreateSchema, example: examples.snapCreate },
    success: { status: 201, description: "The new snap with its cards.", schema: snapResponseSchema, example: examples.snapResponse, replayable: true },
    errors: [400, 401, 409, 413, 415],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/snaps/{id}",
    operationId: "getSnap",
    tag: "Snaps",
    summary: "Get a snap",
    description: "The snap with full cards (grid order), lines and folder, and its ETag. If-None-Match with that ETag answers 304.",
    pathParams: snapId,
    requestHeaders: ["If-None-Match"],
    success: { status: 200, description: "The snap.", schema: snapResponseSchema, example: examples.snapResponse, etag: true },
    errors: [401, 403, 404],
    otherResponses: [NOT_MODIFIED],
    access: "key-or-session",
  },
  {
    method: "patch",
    path: "/api/snaps/{id}",
    operationId: "updateSnap",
    tag: "Snaps",
    summary: "Update a snap",
    description:
      "Changes the given fields. Sharing fields (isPublic, shareMode, sharedWithWorkspace) need the owner or a workspace admin. With If-Match, the snap must still have that ETag, else 412 and nothing is written.",
    pathParams: snapId,
    requestHeaders: ["If-Match", "Base-Version"],
    body: { schema: snapUpdateSchema, example: examples.snapUpdate },
    success: { status: 200, description: "The updated snap, with its new ETag.", schema: snapResponseSchema, example: examples.snapResponse, etag: true },
    errors: [400, 401, 403, 404, 412, 413, 415],
    access: "key-or-session",
  },
  {
    method: "delete",
    path: "/api/snaps/{id}",
    operationId: "deleteSnap",
    tag: "Snaps",
    summary: "Delete a snap",
    description: "Owner or workspace admin. Its cards and lines go with it.",
    pathParams: snapId,
    success: { status: 200, description: "Deleted.", schema: successResponseSchema, example: examples.success },
    errors: [401, 403, 404],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/v1/workspace/snaps",
    operationId: "listWorkspaceSnaps",
    tag: "Snaps",
    summary: "List workspace snaps",
    description: "Your snaps and those shared with your workspace, as summaries with the first 9 cards; search, filter, sort, paginate. Bad values are 400.",
    query: workspaceSnapsArgsSchema,
    success: { status: 200, description: "One page of summaries.", schema: workspaceSnapsResponseSchema, example: examples.workspaceSnapsResponse },
    errors: [400, 401],
    access: "key-or-session",
  },
  {
    method: "post",
    path: "/api/snaps/cards/{id}",
    operationId: "createCard",
    tag: "Cards",
    summary: "Create a card",
    description: "One card in the snap {id} (here the path names the snap). Safe to retry with an Idempotency-Key.",
    pathParams: snapId,
    requestHeaders: ["Idempotency-Key", "Base-Version"],
    body: { schema: cardCreateSchema, example: examples.cardCreate },
    success: { status: 201, description: "The new card.", schema: cardResponseSchema, example: examples.cardResponse, replayable: true },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/snaps/cards/{id}",
    operationId: "getCard",
    tag: "Cards",
    summary: "Get a card",
    description: "One card and its ETag. If-None-Match with that ETag answers 304.",
    pathParams: cardId,
    requestHeaders: ["If-None-Match"],
    success: { status: 200, description: "The card.", schema: cardResponseSchema, example: examples.cardResponse, etag: true },
    errors: [401, 403, 404],
    otherResponses: [NOT_MODIFIED],
    access: "key-or-session",
  },
  {
    method: "patch",
    path: "/api/snaps/cards/{id}",
    operationId: "updateCard",
    tag: "Cards",
    summary: "Update a card",
    description: "Changes the given fields. With If-Match, the card must still have that ETag, else 412 and nothing is written.",
    pathParams: cardId,
    requestHeaders: ["If-Match", "Base-Version"],
    body: { schema: cardUpdateSchema, example: examples.cardUpdate },
    success: { status: 200, description: "The updated card, with its new ETag.", schema: cardResponseSchema, example: examples.cardResponse, etag: true },
    errors: [400, 401, 403, 404, 412, 413, 415],
    access: "key-or-session",
  },
  {
    method: "delete",
    path: "/api/snaps/cards/{id}",
    operationId: "deleteCard",
    tag: "Cards",
    summary: "Delete a card",
    description: "Lines touching the card go with it.",
    pathParams: cardId,
    requestHeaders: ["Base-Version"],
    success: { status: 200, description: "Deleted.", schema: successResponseSchema, example: examples.success },
    errors: [401, 403, 404],
    access: "key-or-session",
  },
  {
    method: "post",
    path: "/api/snaps/cards/batch",
    operationId: "createCards",
    tag: "Cards",
    summary: "Create cards in a batch",
    description: "1 to 100 cards in one transaction, all or nothing: one bad item refuses the batch, naming it (cards.3.row). Safe to retry with an Idempotency-Key.",
    requestHeaders: ["Idempotency-Key", "Base-Version"],
    body: { schema: cardBatchCreateSchema, example: examples.cardBatchCreate, maxBytes: 8_000_000 },
    success: { status: 201, description: "The new cards, in request order.", schema: cardsResponseSchema, example: examples.cardsResponse, replayable: true },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
  },
  {
    method: "patch",
    path: "/api/snaps/cards/batch",
    operationId: "updateCards",
    tag: "Cards",
    summary: "Update cards in a batch",
    description: "1 to 100 partial updates in one transaction, all or nothing; each card at most once.",
    requestHeaders: ["Base-Version"],
    body: { schema: cardBatchUpdateSchema, example: examples.cardBatchUpdate, maxBytes: 8_000_000 },
    success: { status: 200, description: "The updated cards, in request order.", schema: cardsResponseSchema, example: examples.cardsResponse },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
  },
  {
    method: "post",
    path: "/api/snaps/{id}/lines",
    operationId: "createLine",
    tag: "Lines",
    summary: "Create a line",
    description: "A line between two cards of the snap. Safe to retry with an Idempotency-Key.",
    pathParams: snapId,
    requestHeaders: ["Idempotency-Key", "Base-Version"],
    body: { schema: lineCreateSchema, example: examples.lineCreate },
    success: { status: 201, description: "The new line.", schema: lineResponseSchema, example: examples.lineResponse, replayable: true },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
  },
  {
    method: "patch",
    path: "/api/lines/{id}",
    operationId: "updateLine",
    tag: "Lines",
    summary: "Restyle a line",
    pathParams: { id: "The line id." },
    body: { schema: lineUpdateSchema, example: examples.lineUpdate },
    requestHeaders: ["Base-Version"],
    success: { status: 200, description: "The updated line.", schema: lineResponseSchema, example: examples.lineResponse },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
  },
  {
    method: "delete",
    path: "/api/lines/{id}",
    operationId: "deleteLine",
    tag: "Lines",
    summary: "Delete a line",
    pathParams: { id: "The line id." },
    requestHeaders: ["Base-Version"],
    success: { status: 200, description: "Deleted.", schema: successResponseSchema, example: examples.success },
    errors: [401, 403, 404],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/snaps/{id}/events",
    operationId: "streamSnapEvents",
    tag: "Live",
    summary: "Stream a snap's changes (Server-Sent Events)",
    description:
      "Read access. The first message is `ready` ({version, connectionId, userId}); then `change` (id = the snap's new version: cards, cardFields, deletedCardIds, lines, deletedLineIds, snap, actor, baseVersion), `presence` (viewers), `reset` (refetch the snap), and at the end `access-revoked` or `deleted`. Resume with Last-Event-ID or ?since=<version>. A `: ping` comment every 20 s.",
    pathParams: snapId,
    query: snapEventsQuerySchema,
    requestHeaders: ["Last-Event-ID"],
    success: { status: 200, description: "The event stream (text/event-stream).", eventStream: true },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
  },
  {
    method: "put",
    path: "/api/snaps/{id}/presence",
    operationId: "setPresence",
    tag: "Live",
    summary: "Say which card you are editing",
    description: "Read access. Marks the card you edit through one of your event streams (its connectionId from `ready`), or none; every stream on the snap gets `presence`.",
    pathParams: snapId,
    body: { schema: presenceUpdateSchema, example: { connectionId: "c_x1Yb2Zc3Ad4Be5Cf", editingCardId: "cm3card0000000000000000001" } },
    success: { status: 204, description: "Recorded. No body." },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/folders",
    operationId: "listFolders",
    tag: "Folders",
    summary: "List folders",
    description: "The folders of your workspace, by name.",
    success: { status: 200, description: "The folders.", schema: foldersResponseSchema, example: examples.foldersResponse },
    errors: [401],
    access: "key-or-session",
  },
  {
    method: "post",
    path: "/api/folders",
    operationId: "createFolder",
    tag: "Folders",
    summary: "Create a folder",
    description: "Safe to retry with an Idempotency-Key.",
    requestHeaders: ["Idempotency-Key"],
    body: { schema: folderCreateSchema, example: examples.folderCreate },
    success: { status: 201, description: "The new folder.", schema: folderResponseSchema, example: examples.folderResponse, replayable: true },
    errors: [400, 401, 409, 413, 415],
    access: "key-or-session",
  },
  {
    method: "patch",
    path: "/api/folders/{id}",
    operationId: "renameFolder",
    tag: "Folders",
    summary: "Rename a folder",
    description: "Its creator or a workspace admin.",
    pathParams: { id: "The folder id." },
    body: { schema: folderUpdateSchema, example: examples.folderCreate },
    success: { status: 200, description: "The renamed folder.", schema: folderResponseSchema, example: examples.folderResponse },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
  },
  {
    method: "delete",
    path: "/api/folders/{id}",
    operationId: "deleteFolder",
    tag: "Folders",
    summary: "Delete a folder",
    description: "Its creator or a workspace admin; its snaps stay, unfiled.",
    pathParams: { id: "The folder id." },
    success: { status: 200, description: "Deleted.", schema: successResponseSchema, example: examples.success },
    errors: [401, 403, 404],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/workspace/members",
    operationId: "listWorkspaceMembers",
    tag: "Workspace",
    summary: "List workspace members",
    success: { status: 200, description: "Your workspace and its members.", schema: workspaceMembersResponseSchema, example: examples.membersResponse },
    errors: [401, 404],
    access: "key-or-session",
  },
  {
    method: "post",
    path: "/api/workspace/members",
    operationId: "addWorkspaceMember",
    tag: "Workspace",
    summary: "Add a member",
    description: "Admins only: brings an existing user, by email, into your workspace.",
    body: { schema: addWorkspaceMemberInputSchema, example: examples.memberAdd },
    success: { status: 201, description: "The new member.", schema: workspaceMemberResponseSchema, example: examples.memberResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
  },
  {
    method: "patch",
    path: "/api/workspace/members/{userId}",
    operationId: "changeMemberRole",
    tag: "Workspace",
    summary: "Change a member's role",
    description: "Admins only; the last admin cannot be demoted (409).",
    pathParams: { userId: "The member's user id." },
    body: { schema: changeMemberRoleInputSchema, example: examples.memberRole },
    success: { status: 200, description: "The member.", schema: workspaceMemberResponseSchema, example: examples.memberResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
  },
  {
    method: "delete",
    path: "/api/workspace/members/{userId}",
    operationId: "removeWorkspaceMember",
    tag: "Workspace",
    summary: "Remove a member",
    description: "Admins only; the removed user moves to a fresh personal workspace with their snaps.",
    pathParams: { userId: "The member's user id." },
    success: { status: 200, description: "Removed.", schema: successResponseSchema, example: examples.success },
    errors: [401, 403, 404, 409],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/keys",
    operationId: "listApiKeys",
    tag: "API keys",
    summary: "List your API keys",
    description: "Active keys, newest first. API keys cannot manage keys (403).",
    success: { status: 200, description: "Your keys, never their secrets.", schema: apiKeysResponseSchema, example: examples.apiKeysResponse },
    errors: [401, 403],
    access: "session",
  },
  {
    method: "post",
    path: "/api/keys",
    operationId: "createApiKey",
    tag: "API keys",
    summary: "Generate an API key",
    description: "At most 10 active keys (409). The answer is the only time the key is shown.",
    body: { schema: createApiKeyInputSchema, example: examples.apiKeyCreate },
    success: { status: 201, description: "The key, once.", schema: createdApiKeyResponseSchema, example: examples.createdApiKeyResponse },
    errors: [400, 401, 403, 409, 413, 415],
    access: "session",
  },
  {
    method: "delete",
    path: "/api/keys/{id}",
    operationId: "revokeApiKey",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "Immediate on every instance: the next request with the key is a 401.",
    pathParams: { id: "The key's id (from the list)." },
    success: { status: 200, description: "Revoked.", schema: successResponseSchema, example: examples.success },
    errors: [401, 403, 404],
    access: "session",
  },
  {
    method: "post",
    path: "/api/account",
    operationId: "signUp",
    tag: "Account",
    summary: "Sign up",
    description: "The web app's sign-up: same-origin browser requests only (403 otherwise).",
    body: { schema: signUpInputSchema, example: examples.signUp },
    success: { status: 201, description: "The new user.", schema: userResponseSchema, example: examples.userResponse },
    errors: [400, 403, 409, 413, 415],
    access: "public",
  },
  {
    method: "post",
    path: "/api/mcp",
    operationId: "mcp",
    tag: "MCP",
    summary: "MCP endpoint (Streamable HTTP)",
    description:
      "The Model Context Protocol server, stateless: send JSON-RPC messages with Accept: application/json, text/event-stream and an API key (session cookies are not accepted). Tools: list_snaps, get_snap, create_snap, update_snap, delete_snap, create_cards, update_cards, delete_card. A tool failure is a result with isError: true whose text is this API's error body. Use an MCP client rather than calling it by hand.",
    body: { schema: mcpRequestSchema, example: examples.mcpRequest, maxBytes: 8_000_000 },
    success: { status: 200, description: "The JSON-RPC response (202 with no body for a notification).", schema: mcpResponseSchema, example: examples.mcpResponse },
    errors: [401],
    otherResponses: [
      { status: 202, description: "A notification was accepted. No body." },
      ...[400, 406, 413, 415].map((status) => ({ status, description: "A malformed or unacceptable MCP message: a JSON-RPC error.", schema: mcpResponseSchema })),
    ],
    access: "key",
  },
  {
    method: "get",
    path: "/api/health",
    operationId: "health",
    tag: "System",
    summary: "Health",
    description: "For load balancers: 503 (with the same body) while the database is unreachable.",
    success: { status: 200, description: "Up.", schema: healthSchema, example: examples.health },
    errors: [],
    otherResponses: [{ status: 503, description: "The database is unreachable.", schema: healthSchema }],
    access: "public",
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "System",
    summary: "This document",
    description: "OpenAPI 3.1, generated from the zod schemas the handlers validate with. The interactive reference is at /docs.",
    success: { status: 200, description: "The document.", schema: openApiDocumentSchema },
    errors: [],
    access: "public",
  },
  {
    method: "get",
    path: "/api/ping",
    operationId: "ping",
    tag: "System",
    summary: "Ping",
    description: "The cheapest route the app serves: the benchmark's baseline. No database, no authentication.",
    success: { status: 200, description: "Always.", schema: pingResponseSchema, example: examples.ping },
    errors: [],
    access: "public",
  },
  ...HISTORY_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
];
