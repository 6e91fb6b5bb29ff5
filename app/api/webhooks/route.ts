import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WEBHOOK_OPERATIONS as operations } from "@/lib/operations/webhook-operations";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { webhookForViewer } from "@/lib/webhooks/webhook-for-viewer";

/** An integration sets up its own webhooks: a session or an API key. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listWebhooks, async ({ principal }) => ({
    webhooks: (await listWebhooks(principal.userId)).map((webhook) => webhookForViewer(principal, webhook)),
  })),
  implement(operations.createWebhook, async ({ principal, body }) => createWebhook(principal, body)),
);
