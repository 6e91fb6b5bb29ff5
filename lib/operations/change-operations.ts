import { z } from "zod";
import { checkSnapChanges, MAX_CHANGE_BODY_BYTES, snapChangesObjectSchema, snapChangesResponseSchema, snapChangesSchema } from "@/lib/snaps/change-schemas";
import {
  checkRangeArgs,
  checkRangeWrite,
  rangeArgsObjectSchema,
  rangeQuerySchema,
  rangeResponseSchema,
  rangeWriteObjectSchema,
  rangeWriteSchema,
} from "@/lib/board-model/range-schemas";
import { applySnapChanges } from "@/lib/snaps/apply-snap-changes";
import { readRange } from "@/lib/cards/read-range";
import { writeRange } from "@/lib/snaps/write-range";
import { examples } from "@/lib/operations/examples/examples";
import { idSchema } from "@/lib/validation/common";
import { declareOperation } from "./operation";
import { snapIdParam } from "./path-params";

const snapIdArgument = z.strictObject({ id: idSchema.describe(snapIdParam.id.description) });

/** Many cards of one snap as one change, and tables of titles (docs/API.md, "Changes" and "Ranges"). */
export const CHANGE_OPERATIONS = {
  applySnapChanges: declareOperation({
    method: "post",
    path: "/api/snaps/{id}/changes",
    operationId: "applySnapChanges",
    tag: "Cards",
    summary: "Create, update and delete cards as one change",
    description:
      "Up to 5,000 items in all (create, update, delete, and lines: create, update, delete) and snap fields (snap, as PATCH /api/snaps/{id} takes them, with the same rights) applied in one transaction as one change: one snap version, one history entry, one live event, one feed event per kind. A new line's end is a card id or the index of a card in create. All or nothing: a bad item refuses the change naming it (update.12.row, lines.create.3.from, snap.rowHeights.2); a card or line of another snap is 404. Positions are checked once every item is applied, so a group move or a swap is fine, and an overlap left at the end is 409 naming both cards. Conditional with If-Match (the snap's ETag) or baseVersion (its version): 412 when the snap changed since.",
    pathParams: snapIdParam,
    requestHeaders: ["If-Match", "Idempotency-Key", "Base-Version"],
    body: { schema: snapChangesSchema, example: examples.snapChanges, maxBytes: MAX_CHANGE_BODY_BYTES },
    success: {
      status: 200,
      description: "The new version and the cards as the change left them.",
      schema: snapChangesResponseSchema,
      example: examples.snapChangesResponse,
    },
    errors: [400, 401, 403, 404, 409, 412, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => applySnapChanges(principal, params.id, body),
    tools: [
      {
        name: "apply_changes",
        title: "Apply changes to a snap's cards",
        mode: "write",
        long: true,
        destructive: true,
        hint: "Read the snap first (get_snap) and pass its version as baseVersion, so the change is refused rather than applied to a board that moved on.",
        arguments: snapIdArgument.extend(snapChangesObjectSchema.shape).superRefine(checkSnapChanges),
      },
    ],
  }),
  writeRange: declareOperation({
    method: "put",
    path: "/api/snaps/{id}/range",
    operationId: "writeRange",
    tag: "Cards",
    summary: "Write a table of titles",
    description:
      "Writes a table of titles with its top-left corner at (row, col), as one change: a cell holding a card's top-left corner gets that card's title, an empty cell gets a new normal card, null leaves a cell alone; a cell covered by a larger card is 409. At most 5,000 cells; If-Match or baseVersion as for changes.",
    pathParams: snapIdParam,
    requestHeaders: ["If-Match", "Base-Version"],
    body: { schema: rangeWriteSchema, example: examples.rangeWrite, maxBytes: MAX_CHANGE_BODY_BYTES },
    success: {
      status: 200,
      description: "The new version, the cards created and those whose title changed.",
      schema: snapChangesResponseSchema,
      example: examples.rangeWriteResponse,
    },
    errors: [400, 401, 403, 404, 409, 412, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => writeRange(principal, params.id, body),
    tools: [
      {
        name: "write_range",
        title: "Write a table of titles",
        mode: "write",
        long: true,
        idempotent: true,
        hint: "read_range reads the same cells back.",
        arguments: snapIdArgument.extend(rangeWriteObjectSchema.shape).superRefine(checkRangeWrite),
      },
    ],
  }),
  readRange: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/range",
    operationId: "readRange",
    tag: "Cards",
    summary: "Read a table of titles",
    description: "The titles of rows × cols cells from (row, col), as a table: null for an empty cell or one a larger card covers. At most 10,000 cells.",
    pathParams: snapIdParam,
    query: rangeQuerySchema,
    success: { status: 200, description: "The table.", schema: rangeResponseSchema, example: examples.rangeResponse },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
    action: async (principal, { params, query }) => readRange(principal, params.id, query),
    tools: [
      {
        name: "read_range",
        title: "Read a table of titles",
        mode: "read",
        arguments: snapIdArgument.extend(rangeArgsObjectSchema.shape).superRefine(checkRangeArgs),
      },
    ],
  }),
};
