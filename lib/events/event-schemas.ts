import { z } from "zod";
import { idSchema, timestampSchema } from "@/lib/validation/common";
import { EVENT_TYPES } from "./event-types";

export const eventTypeSchema = z.enum(EVENT_TYPES, { error: `Unknown event type: expected one of ${EVENT_TYPES.join(", ")}` });

export const eventActorSchema = z.object({
  type: z
    .enum(["user", "apiKey", "mcp", "oauthApp"])
    .describe("How the write was made: the web app, an API key, an agent over MCP with a key, or a connected app with an OAuth token."),
  userId: idSchema,
  apiKeyId: idSchema.nullable(),
  clientId: z.string().optional().describe("`oauthApp` only: the app's OAuth client_id."),
  clientName: z.string().optional().describe("`oauthApp` only: the app's name."),
});

/**
 * One event, the same in the feed, in a webhook's body and (by its data) on the snap's stream. Its
 * data depends on the type (docs/API.md, "Webhooks and the event feed"); a body over 256 KB carries ids only.
 */
export const eventSchema = z.object({
  id: z.string().regex(/^evt_/).describe("Unique; also the webhook-id header of its deliveries."),
  type: eventTypeSchema,
  occurredAt: timestampSchema,
  snapId: idSchema.nullable().describe("Null only for webhook.test."),
  snapVersion: z.number().int().nullable().describe("The snap's version after the write."),
  actor: eventActorSchema,
  data: z
    .record(z.string(), z.unknown())
    .describe(
      "cards.created|updated: { cards: [full cards] }; cards.deleted: { cardIds, lineIds? }; snap.created|updated: { snap: snap fields without cards }; snap.deleted: { snapId }; lines.created|updated: { lines }; lines.deleted: { lineIds }; comment.created|updated|deleted|resolved: { comment } (a deleted one with deleted: true and an empty body); file.created: { file }; file.deleted: { fileId }; webhook.test: { webhookId }.",
    ),
  truncated: z.literal(true).optional().describe("Present when the full event was over 256 KB: data then carries ids only."),
});
export type FeedEventBody = z.infer<typeof eventSchema>;

const typesListSchema = z
  .string()
  .max(1000)
  .transform((value, context) => {
    const types = value
      .split(",")
      .map((type) => type.trim())
      .filter(Boolean);
    const unknown = types.filter((type) => !(EVENT_TYPES as readonly string[]).includes(type));
    if (unknown.length) context.addIssue({ code: "custom", message: `Unknown event type: ${unknown[0]}; expected one of ${EVENT_TYPES.join(", ")}` });
    return types;
  });

/** GET /api/events's query. */
export const eventFeedQuerySchema = z.strictObject({
  after: z.string().max(200).optional().describe("A nextCursor from an earlier page: only events after it."),
  limit: z.coerce
    .number({ error: "Expected a number" })
    .int("Expected a whole number")
    .min(1, "Must be at least 1")
    .max(100, "Must be at most 100")
    .default(50),
  types: typesListSchema.optional().describe("Comma-separated event types; all when absent."),
  snapId: idSchema.optional().describe("Only this snap's events."),
});
export type EventFeedQuery = z.infer<typeof eventFeedQuerySchema>;

export const eventFeedResponseSchema = z.object({
  events: z.array(eventSchema).describe("Oldest first; only events of snaps you can read now."),
  nextCursor: z
    .string()
    .nullable()
    .describe("The position after the last event returned (also on the last page): poll later with it. Null only for an empty first page."),
  hasMore: z.boolean().describe("Whether more events are waiting now."),
});

/** The MCP tool list_events: the feed's query with typed values (types as a list). */
export const eventFeedArgsSchema = z.strictObject({
  after: z.string().max(200).optional().describe("nextCursor from an earlier call: only events after it."),
  limit: z.number({ error: "Expected a number" }).int("Expected a whole number").min(1, "Must be at least 1").max(100, "Must be at most 100").default(50),
  types: z.array(eventTypeSchema).max(EVENT_TYPES.length).optional().describe("Only these event types."),
  snapId: idSchema.optional().describe("Only this snap's events."),
});
