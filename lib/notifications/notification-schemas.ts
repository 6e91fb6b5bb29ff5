import { z } from "zod";
import { idSchema, intInRange, timestampSchema } from "@/lib/validation/common";

/** One notification of the inbox (docs/API.md, "Comments and notifications"). */
export const notificationSchema = z.object({
  id: idSchema,
  type: z
    .enum(["mention", "reply", "comment"])
    .describe("mention: you were mentioned; reply: a reply in a thread you started or replied in; comment: a new comment on your snap."),
  createdAt: timestampSchema,
  readAt: timestampSchema.nullable(),
  snap: z.object({ id: idSchema, title: z.string() }),
  cardId: idSchema.nullable().describe("The card the comment is on; null for the board."),
  comment: z.object({ id: idSchema, excerpt: z.string().describe("The comment's first 200 characters (mentions written @Name).") }),
  actor: z.object({
    type: z.enum(["user", "apiKey", "mcp"]),
    userId: idSchema,
    name: z.string().nullable().describe("The display name (the email when the user gave no name); null if the user is gone."),
  }),
});
export type NotificationView = z.infer<typeof notificationSchema>;

const unreadOnlyText = z.enum(["true", "false"], { error: "Expected true or false" }).transform((value) => value === "true");

/** GET /api/notifications as typed arguments (MCP's list_notifications). */
export const notificationListArgsSchema = z.strictObject({
  unreadOnly: z.boolean({ error: "Expected true or false" }).default(false).describe("Only notifications not read yet."),
  after: z.string().max(200).optional().describe("nextCursor of an earlier page: only older notifications."),
  limit: intInRange(1, 100).default(50).describe("Notifications per page, newest first."),
});
export type NotificationListArgs = z.infer<typeof notificationListArgsSchema>;

/** The same arguments read from query-string text. */
export const notificationListQuerySchema = z.strictObject({
  unreadOnly: unreadOnlyText.default(false).describe(notificationListArgsSchema.shape.unreadOnly.description!),
  after: notificationListArgsSchema.shape.after,
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "Expected a whole number")
    .transform(Number)
    .pipe(intInRange(1, 100))
    .default(50)
    .describe(notificationListArgsSchema.shape.limit.description!),
});

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema).describe("Newest first; only of snaps you can read now."),
  unreadCount: z.number().int().min(0),
  nextCursor: z.string().nullable().describe("Pass as `after` for the next page; null when this is the last."),
  hasMore: z.boolean(),
});
export type NotificationsPage = z.infer<typeof notificationsResponseSchema>;

/** POST /api/notifications/read: these ids (yours; others are ignored), or all of them. */
export const markReadSchema = z.union(
  [
    z.strictObject({ ids: z.array(idSchema).min(1, "Name at least one notification").max(100, "At most 100 ids at a time") }),
    z.strictObject({ all: z.literal(true, { error: "Expected true" }) }),
  ],
  { error: 'Expected { "ids": [...] } or { "all": true }' },
);
export type MarkRead = z.infer<typeof markReadSchema>;

export const unreadCountResponseSchema = z.object({ unreadCount: z.number().int().min(0) });
