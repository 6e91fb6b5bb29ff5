import { z } from "zod";
import { actorSchema } from "@/lib/history/history-schemas";
import { idSchema, intInRange, timestampSchema } from "@/lib/validation/common";
import { MAX_COMMENT_BODY } from "./comment-config";

const personSchema = z.object({ id: idSchema, name: z.string().describe("The display name (the email when the user gave no name).") });

/** A comment as every answer, event and stream message shows it. */
export const commentSchema = z.object({
  id: idSchema,
  snapId: idSchema,
  cardId: idSchema.nullable().describe("The card it is on; null for a comment on the board."),
  parentId: idSchema.nullable().describe("The thread's root for a reply; null for a root."),
  body: z.string().describe("Plain text; `<@USER_ID>` is a mention. Empty for a deleted root."),
  mentions: z.array(z.object({ userId: idSchema, name: z.string() })).describe("The users the body mentions, in order of first mention."),
  author: personSchema,
  actor: actorSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  editedAt: timestampSchema.nullable(),
  resolvedAt: timestampSchema.nullable().describe("Roots only: when the thread was resolved; null when open."),
  resolvedBy: personSchema.nullable(),
  deleted: z.boolean().describe("A root deleted while it had replies: kept, with an empty body."),
  replyCount: z.number().int().min(0),
});
export type Comment = z.infer<typeof commentSchema>;

const bodySchema = z
  .string({ error: "Expected a string" })
  .trim()
  .min(1, "A comment cannot be empty")
  .max(MAX_COMMENT_BODY, `A comment is at most ${MAX_COMMENT_BODY} characters`)
  .describe(`1 to ${MAX_COMMENT_BODY} characters after trimming; mention someone with <@USER_ID> (at most 20).`);

/** POST /api/snaps/:id/comments. */
export const commentCreateSchema = z.strictObject({
  body: bodySchema,
  cardId: idSchema.nullable().optional().describe("A card of the snap; absent or null for a comment on the board."),
  parentId: idSchema.nullable().optional().describe("A comment of the snap to reply to; a reply to a reply joins its root."),
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

/** PATCH /api/comments/:id. */
export const commentUpdateSchema = z.strictObject({ body: bodySchema });
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;

/** POST /api/comments/:id/resolve. */
export const commentResolveSchema = z.strictObject({
  resolved: z.boolean({ error: "Expected true or false" }).describe("true resolves the thread, false reopens it."),
});

const cardFilterSchema = z
  .union([z.literal("board"), idSchema])
  .describe("A card id: that card's comments; `board`: only comments on the board itself; absent: all.");

/** GET /api/snaps/:id/comments as typed arguments (MCP's list_comments). */
export const commentListArgsSchema = z.strictObject({
  cardId: cardFilterSchema.optional(),
  after: z.string().max(200).optional().describe("nextCursor of an earlier page: only comments after it."),
  limit: intInRange(1, 100).default(50).describe("Comments per page, oldest first."),
});
export type CommentListArgs = z.infer<typeof commentListArgsSchema>;

/** The same arguments read from query-string text. */
export const commentListQuerySchema = z.strictObject({
  cardId: cardFilterSchema.optional(),
  after: commentListArgsSchema.shape.after,
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "Expected a whole number")
    .transform(Number)
    .pipe(intInRange(1, 100))
    .default(50)
    .describe(commentListArgsSchema.shape.limit.description!),
});

export const commentResponseSchema = z.object({ comment: commentSchema });
export const commentsResponseSchema = z.object({
  comments: z.array(commentSchema).describe("Oldest first, replies included (each with its parentId)."),
  nextCursor: z.string().nullable().describe("Pass as `after` for the next page; null when this is the last."),
  hasMore: z.boolean(),
});
export type CommentsPage = z.infer<typeof commentsResponseSchema>;
