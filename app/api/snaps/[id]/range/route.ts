import { readRange, rangeJsonPieces } from "@/lib/cards/read-range";
import { readIfMatch } from "@/lib/http/etag";
import { textStream } from "@/lib/http/text-stream";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { writeRange } from "@/lib/snaps/write-range";
import { CHANGE_OPERATIONS as operations } from "@/lib/operations/change-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  // Streamed a row at a time: a table of long titles is never one string (docs/API.md, "Content budget").
  implement(
    operations.readRange,
    async ({ principal, params, query }) =>
      new Response(textStream(rangeJsonPieces(await readRange(principal, params.id, query))), { headers: { "Content-Type": "application/json" } }),
  ),
  implement(operations.writeRange, async ({ request, principal, params, body }) => writeRange(principal, params.id, body, { ifMatch: readIfMatch(request) })),
);
