import { listFeedEvents } from "@/lib/events/list-feed-events";
import { eventFeedQuerySchema } from "@/lib/events/event-schemas";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseQuery } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = withPrincipal(async (request, { principal }) => json(await listFeedEvents(principal, parseQuery(request, eventFeedQuerySchema))));

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
