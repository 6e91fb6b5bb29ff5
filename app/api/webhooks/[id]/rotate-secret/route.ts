import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WEBHOOK_OPERATIONS as operations } from "@/lib/operations/webhook-operations";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.rotateWebhookSecret, async ({ principal, params }) => ({ secret: await rotateWebhookSecret(principal, params.id) })),
);
