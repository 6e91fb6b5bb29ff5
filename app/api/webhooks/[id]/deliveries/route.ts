import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WEBHOOK_OPERATIONS as operations } from "@/lib/operations/webhook-operations";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listWebhookDeliveries, async ({ principal, params, query }) => ({
    deliveries: await listWebhookDeliveries(principal.userId, params.id, query.limit),
  })),
);
