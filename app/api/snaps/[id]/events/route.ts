import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { withPrincipal } from "@/lib/http/route";
import { openSnapEventStream } from "@/lib/live/open-snap-event-stream";
import { readEventsSince } from "@/lib/live/read-events-since";
import { SSE_HEADERS } from "@/lib/live/sse";

// A long-lived stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

/** Server-Sent Events of the snap's changes and viewers (README, "Live updates"); errors before the stream are JSON. */
export const GET = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const stream = await openSnapEventStream(principal, params.id, readEventsSince(request), request.signal);
  return new Response(stream, { headers: SSE_HEADERS });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
