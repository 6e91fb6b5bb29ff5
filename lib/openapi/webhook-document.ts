import { eventFeedResponseSchema, eventSchema } from "@/lib/events/event-schemas";
import { EVENT_TYPES } from "@/lib/events/event-types";
import {
  acceptedResponseSchema,
  createdWebhookResponseSchema,
  webhookCreateSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookResponseSchema,
  webhookSchema,
  webhookSecretResponseSchema,
  webhooksResponseSchema,
  webhookUpdateSchema,
} from "@/lib/webhooks/webhook-schemas";
import type { NamedSchema } from "./components";
import type { JsonSchema } from "./to-json-schema";

const TAG = "Webhooks";

export const WEBHOOK_TAG = { name: TAG, description: "Signed push delivery of every change, and the event feed (extension)." } as const;

export const WEBHOOK_REQUEST_SCHEMAS: readonly NamedSchema[] = [
  { name: "WebhookCreate", schema: webhookCreateSchema, description: "An endpoint: an http(s) URL that is not loopback, private or link-local." },
  { name: "WebhookUpdate", schema: webhookUpdateSchema, description: "Any of the fields; enabled: true re-enables a disabled endpoint." },
];

export const WEBHOOK_RESPONSE_SCHEMAS: readonly NamedSchema[] = [
  { name: "Webhook", schema: webhookSchema, description: "An endpoint: never its secret." },
  { name: "WebhookResponse", schema: webhookResponseSchema, description: "{webhook}" },
  { name: "WebhooksResponse", schema: webhooksResponseSchema, description: "{webhooks}" },
  { name: "CreatedWebhookResponse", schema: createdWebhookResponseSchema, description: "{webhook, secret}: the secret is shown once." },
  { name: "WebhookSecretResponse", schema: webhookSecretResponseSchema, description: "{secret}: the new secret, shown once." },
  { name: "WebhookDelivery", schema: webhookDeliverySchema, description: "One event to one endpoint, every attempt counted." },
  { name: "WebhookDeliveriesResponse", schema: webhookDeliveriesResponseSchema, description: "{deliveries}, newest first." },
  { name: "Accepted", schema: acceptedResponseSchema, description: "Queued: the delivery will be attempted shortly." },
  { name: "Event", schema: eventSchema, description: "One event: a webhook's body, an item of the feed." },
  { name: "EventFeedResponse", schema: eventFeedResponseSchema, description: "{events, nextCursor, hasMore}" },
];

/** The document's top-level `webhooks`: what each event type's POST to a receiver looks like. */
export function webhookEventsSection(): Record<string, JsonSchema> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `receive${type.replace(/(^|[._])(\w)/g, (_, _separator: string, letter: string) => letter.toUpperCase())}Event`,
          summary: `${type} event`,
          description:
            "Signed with Standard Webhooks: verify webhook-signature over `webhook-id.webhook-timestamp.body` with your secret. Answer 2xx within 10 s; anything else is retried (410 Gone disables the endpoint).",
          parameters: ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
            name,
            in: "header",
            required: true,
            schema: { type: "string" },
          })),
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Event" } } } },
          responses: { "200": { description: "Any 2xx: received." } },
        },
      },
    ]),
  );
}
