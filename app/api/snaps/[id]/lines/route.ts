import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { createLine } from "@/lib/lines/create-line";
import { LINE_OPERATIONS as operations } from "@/lib/operations/line-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.createLine, async ({ principal, params, body }) => ({ line: await createLine(principal, params.id, body) })),
);
