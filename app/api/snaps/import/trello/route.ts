import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importTrello } from "@/lib/transfer/formats/import-trello";

/** A dry run answers 200, not the create's 201. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnapTrello, async ({ principal, query, body }) => {
    const answer = await importTrello(principal, body, query);
    return Response.json(answer, { status: "valid" in answer ? 200 : 201 });
  }),
);
