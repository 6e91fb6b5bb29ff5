import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WEBHOOK_OPERATIONS as operations } from "@/lib/operations/webhook-operations";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.sendWebhookTest, async ({ principal, params }) => {
    const { deliveryId } = await sendTestEvent(principal, params.id);
    return { accepted: true, deliveryId };
  }),
);
