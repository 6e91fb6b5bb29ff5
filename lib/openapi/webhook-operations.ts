import { eventFeedQuerySchema, eventFeedResponseSchema, eventSchema } from "@/lib/events/event-schemas";
import { EVENT_TYPES } from "@/lib/events/event-types";
import {
  acceptedResponseSchema,
  createdWebhookResponseSchema,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookResponseSchema,
  webhookSchema,
  webhookSecretResponseSchema,
  webhooksResponseSchema,
  webhookUpdateSchema,
} from "@/lib/webhooks/webhook-schemas";
import { successResponseSchema } from "@/lib/validation/common";
import type { NamedSchema } from "./components";
import { exampleCard } from "./examples";
import type { OperationSpec } from "./operations";
import type { JsonSchema } from "./to-json-schema";

const WEBHOOK_ID = "cm3kb2w9q0007qz8rk1l2m3n4";
const USER_ID = "cm3k9w1a20000qz8r0a1b2c3d";
const AT = "2026-11-21T16:40:55.903Z";
const SECRET = "whsec_MfKQ9r8GKYqrTFhEt7Vh4GqUEk2H/9t+9mXqX2VnEQk=";

const webhook = {
  id: WEBHOOK_ID,
  url: "https://hooks.example.com/snap-board",
  events: ["cards.updated", "cards.created"],
  snapId: null,
  description: "Sync to our tracker",
  enabled: true,
  disabledReason: null,
  createdAt: AT,
  updatedAt: AT,
};
const delivery = {
  id: "d5f1c6e7a2b3c4d5e6f7a8b9c0d1e2f3a",
  eventId: "evt_Zr8d7Qn0VwJ1pT3aK5mX2g",
  eventType: "cards.updated",
  status: "succeeded",
  attempts: 1,
  lastResponseStatus: 200,
  lastError: null,
  durationMs: 42,
  createdAt: AT,
  nextAttemptAt: null,
};
export const exampleEvent = {
  id: "evt_Zr8d7Qn0VwJ1pT3aK5mX2g",
  type: "cards.updated",
  occurredAt: AT,
  snapId: exampleCard.snapId,
  snapVersion: 12,
  actor: { type: "apiKey", userId: USER_ID, apiKeyId: "cm3k9y7d60006qz8rv6w7x8y9" },
  data: { cards: [exampleCard] },
};

const webhookId = { id: "The webhook id." };
const ACCESS = "key-or-session" as const;
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

export const WEBHOOK_OPERATIONS: readonly OperationSpec[] = [
  {
    method: "get",
    path: "/api/webhooks",
    operationId: "listWebhooks",
    tag: TAG,
    summary: "List your webhooks",
    success: { status: 200, description: "Newest first; never a secret.", schema: webhooksResponseSchema, example: { webhooks: [webhook] } },
    errors: [401],
    access: ACCESS,
  },
  {
    method: "post",
    path: "/api/webhooks",
    operationId: "createWebhook",
    tag: TAG,
    summary: "Add a webhook",
    description:
      'Events go to the URL as signed POSTs (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature). At most 20 per user (409). Loopback, private, link-local and metadata hosts are refused (400).',
    body: { schema: webhookCreateSchema, example: { url: webhook.url, events: webhook.events, description: webhook.description } },
    success: { status: 201, description: "The webhook and its signing secret, shown only here.", schema: createdWebhookResponseSchema, example: { webhook, secret: SECRET } },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: ACCESS,
  },
  {
    method: "get",
    path: "/api/webhooks/{id}",
    operationId: "getWebhook",
    tag: TAG,
    summary: "Get a webhook",
    pathParams: webhookId,
    success: { status: 200, description: "The webhook.", schema: webhookResponseSchema, example: { webhook } },
    errors: [401, 404],
    access: ACCESS,
  },
  {
    method: "patch",
    path: "/api/webhooks/{id}",
    operationId: "updateWebhook",
    tag: TAG,
    summary: "Change a webhook",
    description: "enabled: true re-enables an endpoint disabled after 410 Gone or 20 failed deliveries in a row.",
    pathParams: webhookId,
    body: { schema: webhookUpdateSchema, example: { enabled: true } },
    success: { status: 200, description: "The webhook as changed.", schema: webhookResponseSchema, example: { webhook } },
    errors: [400, 401, 403, 404, 413, 415],
    access: ACCESS,
  },
  {
    method: "delete",
    path: "/api/webhooks/{id}",
    operationId: "deleteWebhook",
    tag: TAG,
    summary: "Delete a webhook",
    description: "Nothing more is sent to it, deliveries already queued included.",
    pathParams: webhookId,
    success: { status: 200, description: "Deleted.", schema: successResponseSchema, example: { success: true } },
    errors: [401, 404],
    access: ACCESS,
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    tag: TAG,
    summary: "Rotate a webhook's secret",
    description: "The old secret stops signing at once.",
    pathParams: webhookId,
    success: { status: 200, description: "The new secret, shown once.", schema: webhookSecretResponseSchema, example: { secret: SECRET } },
    errors: [401, 404],
    access: ACCESS,
  },
  {
    method: "get",
    path: "/api/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tag: TAG,
    summary: "A webhook's delivery log",
    pathParams: webhookId,
    query: webhookDeliveriesQuerySchema,
    success: { status: 200, description: "Newest first.", schema: webhookDeliveriesResponseSchema, example: { deliveries: [delivery] } },
    errors: [400, 401, 404],
    access: ACCESS,
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/deliveries/{deliveryId}/retry",
    operationId: "retryWebhookDelivery",
    tag: TAG,
    summary: "Retry a delivery",
    description: "One more attempt, now; the same webhook-id as before.",
    pathParams: { ...webhookId, deliveryId: "The delivery id." },
    success: { status: 202, description: "Queued.", schema: acceptedResponseSchema, example: { accepted: true, deliveryId: delivery.id } },
    errors: [401, 404],
    access: ACCESS,
  },
  {
    method: "post",
    path: "/api/webhooks/{id}/test",
    operationId: "sendWebhookTest",
    tag: TAG,
    summary: "Send a test event",
    description: "A webhook.test event to this endpoint only (also while it is disabled).",
    pathParams: webhookId,
    success: { status: 202, description: "Queued.", schema: acceptedResponseSchema, example: { accepted: true, deliveryId: delivery.id } },
    errors: [401, 404],
    access: ACCESS,
  },
  {
    method: "get",
    path: "/api/events",
    operationId: "listEvents",
    tag: TAG,
    summary: "The event feed",
    description:
      "Events of the snaps you can read now, oldest first, the same as webhooks receive. Poll with nextCursor to get only what is new. Kept EVENT_RETENTION_DAYS (30); an older cursor is 410.",
    query: eventFeedQuerySchema,
    success: {
      status: 200,
      description: "A page of events.",
      schema: eventFeedResponseSchema,
      example: { events: [exampleEvent], nextCursor: "MTIzNDUuNjc4LjE3OTk5OTk5OTk5OTk", hasMore: false },
    },
    errors: [400, 401, 410],
    access: ACCESS,
  },
];

/** The document's top-level `webhooks`: what each event type's POST to a receiver looks like. */
export function webhookEventsSection(): Record<string, JsonSchema> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type} event`,
          description: "Signed with Standard Webhooks: verify webhook-signature over `webhook-id.webhook-timestamp.body` with your secret. Answer 2xx within 10 s; anything else is retried (410 Gone disables the endpoint).",
          parameters: ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({ name, in: "header", required: true, schema: { type: "string" } })),
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Event" } } } },
          responses: { "200": { description: "Any 2xx: received." } },
        },
      },
    ]),
  );
}
