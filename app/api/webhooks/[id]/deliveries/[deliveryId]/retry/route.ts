import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WEBHOOK_OPERATIONS as operations } from "@/lib/operations/webhook-operations";
import { retryWebhookDelivery } from "@/lib/webhooks/retry-webhook-delivery";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.retryWebhookDelivery, async ({ principal, params }) => {
    await retryWebhookDelivery(principal.userId, params.id, params.deliveryId);
    return { accepted: true, deliveryId: params.deliveryId };
  }),
);
