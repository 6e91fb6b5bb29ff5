import { historyQuerySchema } from "@/lib/history/history-schemas";
import { listSnapHistory } from "@/lib/history/list-snap-history";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseQuery } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";

/** Extension (README): who changed the snap and how, newest first, a page at a time. */
export const GET = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const query = parseQuery(request, historyQuerySchema);
  return json(await listSnapHistory(principal, params.id, query));
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
