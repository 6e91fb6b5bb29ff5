import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WEBHOOK_OPERATIONS as operations } from "@/lib/operations/webhook-operations";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { getOwnWebhookOrThrow } from "@/lib/webhooks/get-own-webhook-or-throw";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { webhookForViewer } from "@/lib/webhooks/webhook-for-viewer";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.getWebhook, async ({ principal, params }) => ({
    webhook: webhookForViewer(principal, await getOwnWebhookOrThrow(principal.userId, params.id)),
  })),
  implement(operations.updateWebhook, async ({ principal, params, body }) => ({ webhook: await updateWebhook(principal, params.id, body) })),
  implement(operations.deleteWebhook, async ({ principal, params }) => {
    await deleteWebhook(principal, params.id);
    return { success: true };
  }),
);
