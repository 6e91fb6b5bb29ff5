import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { deleteLine } from "@/lib/lines/delete-line";
import { updateLine } from "@/lib/lines/update-line";
import { LINE_OPERATIONS as operations } from "@/lib/operations/line-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.updateLine, async ({ principal, params, body }) => ({ line: await updateLine(principal, params.id, body) })),
  implement(operations.deleteLine, async ({ principal, params }) => {
    await deleteLine(principal, params.id);
    return { success: true };
  }),
);
