import { snapResponseSchema } from "@/lib/snaps/snap-schemas";
import { getSnapVersion } from "@/lib/history/get-snap-version";
import { historyArgsSchema, historyQuerySchema, historyResponseSchema, restoreSchema } from "@/lib/history/history-schemas";
import { listSnapHistory } from "@/lib/history/list-snap-history";
import { parseVersionParam } from "@/lib/history/parse-version-param";
import { restoreSnapVersion } from "@/lib/snaps/restore-snap-version";
import { idSchema } from "@/lib/validation/common";
import { z } from "zod";
import { exampleSnap } from "@/lib/operations/examples/examples";
import { historyExample } from "@/lib/operations/examples/history-examples";
import { declareOperation } from "./operation";
import { snapIdParam } from "./path-params";

const snapIdArgument = { id: idSchema.describe("The snap id.") };

/** History and restore (docs/ARCHITECTURE.md, "History"). */
export const HISTORY_OPERATIONS = {
  getSnapHistory: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/history",
    operationId: "getSnapHistory",
    tag: "History",
    summary: "A snap's history",
    description:
      "Read access. Versions newest first, each with its actor (user, API key or MCP agent), a one-line summary and the ids it touched. Page with `before` = the last entry's version. Every version of the last HISTORY_RETENTION_DAYS days (default 90) and the last 100 are kept.",
    pathParams: snapIdParam,
    query: historyQuerySchema,
    success: { status: 200, description: "One page of entries.", schema: historyResponseSchema, example: historyExample },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
    action: (principal, { params, query }) => listSnapHistory(principal, params.id, query),
    tools: [
      { name: "get_snap_history", title: "Get a snap's history", mode: "read", arguments: z.strictObject({ ...snapIdArgument, ...historyArgsSchema.shape }) },
    ],
  }),
  getSnapVersion: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/versions/{version}",
    operationId: "getSnapVersion",
    tag: "History",
    summary: "A snap as it was at a version",
    description:
      "Read access. Exactly what GET /api/snaps/{id} answered at that version. 404 for a version unknown or no longer kept; 400 for one that is not a whole number.",
    pathParams: { ...snapIdParam, version: { description: "A version of the snap (an integer from 1).", example: "7" } },
    success: { status: 200, description: "The snap at that version.", schema: snapResponseSchema, example: { snap: exampleSnap } },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
    action: async (principal, { params }) => ({ snap: await getSnapVersion(principal, params.id, parseVersionParam(params.version)) }),
    tools: [
      { name: "get_snap_version", title: "Get a snap at a version", mode: "read", arguments: z.strictObject({ ...snapIdArgument, ...restoreSchema.shape }) },
    ],
  }),
  restoreSnapVersion: declareOperation({
    method: "post",
    path: "/api/snaps/{id}/restore",
    operationId: "restoreSnapVersion",
    tag: "History",
    summary: "Restore a version",
    description:
      'Edit access. Cards, lines and the snap\'s content fields become what they were at that version, as one new write (a new version, a live change, a history entry "Restored version N"). Sharing and the folder stay as they are. 404 for a version unknown or no longer kept.',
    pathParams: snapIdParam,
    requestHeaders: ["Base-Version"],
    body: { schema: restoreSchema, example: { version: 12 } },
    success: { status: 200, description: "The snap as restored, at its new version.", schema: snapResponseSchema, example: { snap: exampleSnap } },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => ({ snap: await restoreSnapVersion(principal, params.id, body.version) }),
    tools: [{ name: "restore_snap_version", title: "Restore a snap version", mode: "write", destructive: true }],
  }),
};
