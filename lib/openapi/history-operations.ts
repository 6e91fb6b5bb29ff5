import { historyArgsSchema, historyResponseSchema, restoreSchema } from "@/lib/history/history-schemas";
import { snapResponseSchema } from "@/lib/snaps/snap-schemas";
import { exampleCard, exampleSnap } from "./examples";
import type { OperationSpec } from "./operations";

const none = { count: 0, ids: [] };
const historyExample = {
  entries: [
    {
      version: 7,
      occurredAt: "2026-11-26T09:30:12.345Z",
      actor: { type: "apiKey", userId: exampleSnap.userId, name: "Ada Lovelace", apiKeyId: "cm3key00000000000000000001", apiKeyName: "Nightly import" },
      summary: "Moved a card",
      changes: { cards: { created: none, updated: { count: 1, ids: [exampleCard.id] }, deleted: none }, lines: { created: none, updated: none, deleted: none }, snapFields: [] },
    },
  ],
  hasMore: true,
};

const snapVersion = { id: "The snap id.", version: "A version of the snap (an integer from 1)." };

/** History and restore (docs/ARCHITECTURE.md, "History"). */
export const HISTORY_OPERATIONS: readonly OperationSpec[] = [
  {
    method: "get",
    path: "/api/snaps/{id}/history",
    operationId: "getSnapHistory",
    tag: "History",
    summary: "A snap's history",
    description:
      "Read access. Versions newest first, each with its actor (user, API key or MCP agent), a one-line summary and the ids it touched. Page with `before` = the last entry's version. Every version of the last HISTORY_RETENTION_DAYS days (default 90) and the last 100 are kept.",
    pathParams: { id: "The snap id." },
    query: historyArgsSchema,
    success: { status: 200, description: "One page of entries.", schema: historyResponseSchema, example: historyExample },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
  },
  {
    method: "get",
    path: "/api/snaps/{id}/versions/{version}",
    operationId: "getSnapVersion",
    tag: "History",
    summary: "A snap as it was at a version",
    description: "Read access. Exactly what GET /api/snaps/{id} answered at that version. 404 for a version unknown or no longer kept; 400 for one that is not a whole number.",
    pathParams: snapVersion,
    success: { status: 200, description: "The snap at that version.", schema: snapResponseSchema, example: { snap: exampleSnap } },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
  },
  {
    method: "post",
    path: "/api/snaps/{id}/restore",
    operationId: "restoreSnapVersion",
    tag: "History",
    summary: "Restore a version",
    description:
      "Edit access. Cards, lines and the snap's content fields become what they were at that version, as one new write (a new version, a live change, a history entry \"Restored version N\"). Sharing and the folder stay as they are. 404 for a version unknown or no longer kept.",
    pathParams: { id: "The snap id." },
    requestHeaders: ["Base-Version"],
    body: { schema: restoreSchema, example: { version: 12 } },
    success: { status: 200, description: "The snap as restored, at its new version.", schema: snapResponseSchema, example: { snap: exampleSnap } },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
  },
];
