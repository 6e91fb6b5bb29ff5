import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { openSnapEventStream } from "@/lib/live/open-snap-event-stream";
import { readEventsSince } from "@/lib/live/read-events-since";
import { SSE_HEADERS } from "@/lib/live/sse";
import { LIVE_OPERATIONS as operations } from "@/lib/operations/live-operations";

// A long-lived stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

/** Server-Sent Events of the snap's changes and viewers (docs/API.md, "Live updates"); errors before the stream are JSON. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.streamSnapEvents, async ({ request, principal, params }) => {
    const stream = await openSnapEventStream(principal, params.id, readEventsSince(request), request.signal);
    return new Response(stream, { headers: SSE_HEADERS });
  }),
);
