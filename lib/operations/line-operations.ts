import { lineCreateSchema, lineResponseSchema, lineUpdateSchema } from "@/lib/board-model/line-schemas";
import { examples } from "@/lib/operations/examples/examples";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";
import { lineIdParam, snapIdParam } from "./path-params";

/** Lines between two cards of a snap. */
export const LINE_OPERATIONS = {
  createLine: declareOperation({
    method: "post",
    path: "/api/snaps/{id}/lines",
    operationId: "createLine",
    tag: "Lines",
    summary: "Create a line",
    description: "A line between two cards of the snap. Safe to retry with an Idempotency-Key.",
    pathParams: snapIdParam,
    requestHeaders: ["Idempotency-Key", "Base-Version"],
    body: { schema: lineCreateSchema, example: examples.lineCreate },
    success: { status: 201, description: "The new line.", schema: lineResponseSchema, example: examples.lineResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    keyCheckedInStatement: true,
  }),
  updateLine: declareOperation({
    method: "patch",
    path: "/api/lines/{id}",
    operationId: "updateLine",
    tag: "Lines",
    summary: "Restyle a line",
    description: "Edit access to its snap. Changes its color, style or arrow; its ends stay.",
    pathParams: lineIdParam,
    body: { schema: lineUpdateSchema, example: examples.lineUpdate },
    requestHeaders: ["Base-Version"],
    success: { status: 200, description: "The updated line.", schema: lineResponseSchema, example: examples.lineResponse },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
    keyCheckedInStatement: true,
  }),
  deleteLine: declareOperation({
    method: "delete",
    path: "/api/lines/{id}",
    operationId: "deleteLine",
    tag: "Lines",
    summary: "Delete a line",
    description: "Edit access to its snap. The cards it joined stay.",
    pathParams: lineIdParam,
    requestHeaders: ["Base-Version"],
    success: successResponse("Deleted."),
    errors: [401, 403, 404],
    access: "key-or-session",
    keyCheckedInStatement: true,
  }),
};
