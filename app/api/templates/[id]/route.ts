import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { deleteTemplate } from "@/lib/templates/delete-template";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.deleteTemplate, async ({ principal, params }) => {
    await deleteTemplate(principal, params.id);
    return { success: true };
  }),
);
