import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { importSnap } from "@/lib/transfer/import-snap";
import { summarizeSnapDocument } from "@/lib/transfer/summarize-snap-document";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.importSnap, async ({ principal, query, body }) => {
    if (query.dryRun) return Response.json({ valid: true, summary: summarizeSnapDocument(body) });
    return { snap: await importSnap(principal, body) };
  }),
);
