import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importOrCheckSnap } from "@/lib/transfer/import-or-check-snap";

/** A dry run answers 200, not the create's 201. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnap, async ({ principal, query, body }) => {
    const answer = await importOrCheckSnap(principal, body, query);
    return "valid" in answer ? Response.json(answer) : answer;
  }),
);
