import {
  snapListResponseSchema,
  snapResponseSchema,
  snapUpdateSchema,
  workspaceSnapsQuerySchema,
  workspaceSnapsResponseSchema,
} from "@/lib/snaps/snap-schemas";
import { snapCreateRequestSchema } from "@/lib/templates/snap-from-template-schemas";
import { parseSnapCreateBody } from "@/lib/templates/parse-snap-create-body";
import { examples } from "@/lib/operations/examples/examples";
import { createSnapFromBody } from "@/lib/templates/create-snap-from-body";
import { snapFromTemplateSchema } from "@/lib/templates/snap-from-template-schemas";
import { deleteSnap } from "@/lib/snaps/delete-snap";
import { findWrittenSnap, getSnapOrThrow } from "@/lib/snaps/get-snap-or-throw";
import { listWorkspaceSnaps } from "@/lib/snaps/list-workspace-snaps";
import { snapCreateSchema, workspaceSnapsArgsSchema } from "@/lib/snaps/snap-schemas";
import { updateSnap } from "@/lib/snaps/update-snap";
import { successResponse } from "./success-response";
import { declareOperation, NOT_MODIFIED } from "./operation";
import { snapIdParam } from "./path-params";

/** Snaps: list, read, create, update, delete. */
export const SNAP_OPERATIONS = {
  listOwnSnaps: declareOperation({
    method: "get",
    path: "/api/snaps",
    operationId: "listOwnSnaps",
    tag: "Snaps",
    summary: "List your snaps",
    description: "The snaps you own, most recently updated first; each card carries only its nine layout fields.",
    success: { status: 200, description: "Your snaps.", schema: snapListResponseSchema, example: examples.snapListResponse },
    errors: [401],
    access: "key-or-session",
  }),
  createSnap: declareOperation({
    method: "post",
    path: "/api/snaps",
    operationId: "createSnap",
    tag: "Snaps",
    summary: "Create a snap",
    description:
      "A snap with a grid of rows × cols empty cards (default 1 × 1), or with templateId the template's board (GET /api/templates), the fields you send replacing its own. Safe to retry with an Idempotency-Key.",
    requestHeaders: ["Idempotency-Key"],
    body: { schema: snapCreateRequestSchema, example: examples.snapCreate, parse: parseSnapCreateBody },
    success: { status: 201, description: "The new snap with its cards.", schema: snapResponseSchema, example: examples.snapResponse },
    errors: [400, 401, 409, 413, 415],
    access: "key-or-session",
    action: async (principal, { body }) => ({ snap: await createSnapFromBody(principal, body) }),
    tools: [
      {
        name: "create_snap",
        title: "Create a snap",
        mode: "write",
        hint: "Read the card ids from the answer and fill them with update_cards.",
        arguments: snapCreateSchema,
      },
      { name: "create_snap_from_template", title: "Create a snap from a template", mode: "write", arguments: snapFromTemplateSchema },
    ],
  }),
  getSnap: declareOperation({
    method: "get",
    path: "/api/snaps/{id}",
    operationId: "getSnap",
    tag: "Snaps",
    summary: "Get a snap",
    description: "The snap with full cards (grid order), lines and folder, and its ETag. If-None-Match with that ETag answers 304.",
    pathParams: snapIdParam,
    requestHeaders: ["If-None-Match"],
    success: { status: 200, description: "The snap.", schema: snapResponseSchema, example: examples.snapResponse, etag: true },
    errors: [401, 403, 404],
    otherResponses: [NOT_MODIFIED],
    access: "key-or-session",
    action: async (principal, { params }) => ({ snap: await getSnapOrThrow(principal, params.id) }),
    tools: [{ name: "get_snap", title: "Get a snap", mode: "read" }],
  }),
  updateSnap: declareOperation({
    method: "patch",
    path: "/api/snaps/{id}",
    operationId: "updateSnap",
    tag: "Snaps",
    summary: "Update a snap",
    description:
      "Changes the given fields. Sharing fields (isPublic, shareMode, sharedWithWorkspace) need the owner or a workspace admin, and are refused to connected apps (403). With If-Match, the snap must still have that ETag, else 412 and nothing is written.",
    pathParams: snapIdParam,
    requestHeaders: ["If-Match", "Base-Version"],
    body: { schema: snapUpdateSchema, example: examples.snapUpdate },
    success: { status: 200, description: "The updated snap, with its new ETag.", schema: snapResponseSchema, example: examples.snapResponse, etag: true },
    errors: [400, 401, 403, 404, 412, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => {
      await updateSnap(principal, params.id, body);
      return { snap: await findWrittenSnap(params.id) };
    },
    tools: [{ name: "update_snap", title: "Update a snap", mode: "write", idempotent: true }],
  }),
  deleteSnap: declareOperation({
    method: "delete",
    path: "/api/snaps/{id}",
    operationId: "deleteSnap",
    tag: "Snaps",
    summary: "Delete a snap",
    description: "Owner or workspace admin. Its cards and lines go with it.",
    pathParams: snapIdParam,
    success: successResponse("Deleted."),
    errors: [401, 403, 404],
    access: "key-or-session",
    action: async (principal, { params }) => {
      await deleteSnap(principal, params.id);
      return { success: true };
    },
    tools: [{ name: "delete_snap", title: "Delete a snap", mode: "write", destructive: true, idempotent: true }],
  }),
  listWorkspaceSnaps: declareOperation({
    method: "get",
    path: "/api/v1/workspace/snaps",
    operationId: "listWorkspaceSnaps",
    tag: "Snaps",
    summary: "List workspace snaps",
    description: "Your snaps and those shared with your workspace, as summaries with the first 9 cards; search, filter, sort, paginate. Bad values are 400.",
    query: workspaceSnapsQuerySchema,
    success: { status: 200, description: "One page of summaries.", schema: workspaceSnapsResponseSchema, example: examples.workspaceSnapsResponse },
    errors: [400, 401],
    access: "key-or-session",
    action: (principal, { query }) => listWorkspaceSnaps(principal, query),
    tools: [{ name: "list_snaps", title: "List snaps", mode: "read", arguments: workspaceSnapsArgsSchema }],
  }),
};
