import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { createTemplate } from "@/lib/templates/create-template";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listTemplates),
  implement(operations.createTemplate, async ({ principal, body }) => ({ template: await createTemplate(principal, body) })),
);
