import "server-only";
import type { Comment } from "./comment-schemas";

/**
 * The columns of a comment as the API shows it, over `"Comment" AS c`: names are read now (a renamed
 * user shows as they are called today), mentions in the body's order, replies counted by the
 * parentId index. Every reader of comments selects exactly this.
 */
export const COMMENT_SELECT = `
  SELECT c.id, c."snapId", c."cardId", c."parentId", c.body, c.deleted, c."createdAt", c."updatedAt", c."editedAt", c."resolvedAt",
    c."authorId", COALESCE(a.name, a.email) AS "authorName", c."actorType"::text AS "actorType", c."actorApiKeyId", k.name AS "apiKeyName",
    c."resolvedById", COALESCE(r.name, r.email) AS "resolverName",
    (SELECT COALESCE(json_agg(json_build_object('userId', u.id, 'name', COALESCE(u.name, u.email)) ORDER BY x.ord), '[]'::json)
       FROM unnest(c.mentions) WITH ORDINALITY AS x(id, ord) JOIN "User" AS u ON u.id = x.id) AS mentions,
    CASE WHEN c."parentId" IS NULL THEN (SELECT count(*)::int FROM "Comment" AS rc WHERE rc."parentId" = c.id) ELSE 0 END AS "replyCount"
  FROM "Comment" AS c
    JOIN "User" AS a ON a.id = c."authorId"
    LEFT JOIN "ApiKey" AS k ON k.id = c."actorApiKeyId"
    LEFT JOIN "User" AS r ON r.id = c."resolvedById"`;

export interface CommentRow {
  id: string;
  snapId: string;
  cardId: string | null;
  parentId: string | null;
  body: string;
  deleted: boolean;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  resolvedAt: Date | null;
  authorId: string;
  authorName: string;
  actorType: "user" | "apiKey" | "mcp";
  actorApiKeyId: string | null;
  apiKeyName: string | null;
  resolvedById: string | null;
  resolverName: string | null;
  mentions: { userId: string; name: string }[];
  replyCount: number;
}

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    snapId: row.snapId,
    cardId: row.cardId,
    parentId: row.parentId,
    body: row.body,
    mentions: row.mentions,
    author: { id: row.authorId, name: row.authorName },
    actor: { type: row.actorType, userId: row.authorId, name: row.authorName, apiKeyId: row.actorApiKeyId, apiKeyName: row.apiKeyName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedById && row.resolverName !== null ? { id: row.resolvedById, name: row.resolverName } : null,
    deleted: row.deleted,
    replyCount: row.replyCount,
  };
}
