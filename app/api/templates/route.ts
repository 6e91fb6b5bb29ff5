import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listTemplates, async ({ principal }) => ({ templates: await listTemplates(principal) })),
  implement(operations.createTemplate, async ({ principal, body }) => ({ template: await createTemplate(principal, body) })),
);
