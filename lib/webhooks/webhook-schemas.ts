import { z } from "zod";
import { EVENT_SUBSCRIPTIONS } from "@/lib/events/event-types";
import { idSchema, intInRange, timestampSchema } from "@/lib/validation/common";

export const webhookUrlSchema = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2000, "URL must be at most 2000 characters")
  .refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), "Expected an http(s) URL");

const eventsSchema = z
  .array(z.enum(EVENT_SUBSCRIPTIONS, { error: `Unknown event type: expected "*" or one of ${EVENT_SUBSCRIPTIONS.slice(1).join(", ")}` }))
  .min(1, "Choose at least one event type")
  .max(EVENT_SUBSCRIPTIONS.length, "Too many event types")
  .transform((events) => [...new Set(events)]);

const descriptionSchema = z.string().trim().max(500, "Description must be at most 500 characters");

export const webhookCreateSchema = z.strictObject({
  url: webhookUrlSchema,
  events: eventsSchema.default(["*"]).describe('Event types to receive; "*" (the default) is all of them.'),
  snapId: idSchema.nullable().default(null).describe("Only this snap's events; null for every snap you can read."),
  description: descriptionSchema.default(""),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  snapId: idSchema.nullable().optional(),
  description: descriptionSchema.optional(),
  enabled: z.boolean({ error: "Expected true or false" }).optional().describe("true re-enables an endpoint that was disabled (and clears its reason)."),
});
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(z.string()),
  snapId: idSchema.nullable(),
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe("Why the endpoint was disabled: 410 Gone, 20 failed deliveries in a row, or by you."),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type WebhookView = z.infer<typeof webhookSchema>;

const secretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/=]+$/)
  .describe("Standard Webhooks signing secret. Shown only here: store it now.");

export const createdWebhookResponseSchema = z.object({ webhook: webhookSchema, secret: secretSchema });
export const webhookResponseSchema = z.object({ webhook: webhookSchema });
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema).describe("Yours, newest first; never a secret.") });
export const webhookSecretResponseSchema = z.object({ secret: secretSchema });

export const webhookDeliverySchema = z.object({
  id: idSchema,
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number().int().describe("Every try, the first included."),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable().describe("What went wrong, with at most the first 200 bytes of the receiver's answer."),
  durationMs: z.number().int().nullable().describe("The last attempt's duration."),
  createdAt: timestampSchema,
  nextAttemptAt: timestampSchema.nullable().describe("When a pending delivery is tried next."),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: "Expected a number" }).pipe(intInRange(1, 100)).default(50),
});
export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema).describe("Newest first.") });
export const acceptedResponseSchema = z.object({ accepted: z.literal(true), deliveryId: idSchema });
