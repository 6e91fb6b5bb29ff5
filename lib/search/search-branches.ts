import "server-only";
import type { Principal } from "@/lib/request/principal";
import { Prisma } from "@/lib/db/generated/client";
import type { SearchType } from "./search-schemas";

/** What one kind of result contributes to the search statement (lib/search/find-search-results.ts). */
export interface SearchBranch {
  /**
   * The matches the caller may read, one row each with the same named columns in every branch (any
   * branch may come first in the UNION, which takes its names from the first): type, id,
   * "snapId", "snapTitle", "cardId", row, col, "cellType", "commentId", "commentCardId", "inTitle",
   * "updatedAt". Must use the indexed expression of its table exactly (prisma/migrations/*_full_text_search).
   */
  hits: (context: BranchContext) => Prisma.Sql;
  /** A page row's texts as (title, body) for its snippet, for `page.type` = this type, by `page.id`. */
  texts: Prisma.Sql;
}

export interface BranchContext {
  principal: Principal;
  /** The tsquery every term makes, and the one of the positive terms (lib/search/build-search-query.ts). */
  match: string;
  positive: string;
  snapId: string | undefined;
}

/**
 * Whom a snap `s` is readable by (lib/board-model/snap-access.ts): the caller's own snaps and those
 * shared with their workspace, both inside the caller's workspace, and the snaps they are a board
 * member of (a guest's, in another workspace: those alone of it).
 */
function readableSnapSql({ principal, snapId }: BranchContext): Prisma.Sql {
  const only = snapId === undefined ? Prisma.empty : Prisma.sql`AND s.id = ${snapId}`;
  return Prisma.sql`((s."workspaceId" = ${principal.workspaceId} AND (s."userId" = ${principal.userId} OR s."sharedWithWorkspace"))
    OR EXISTS (SELECT 1 FROM "SnapMember" AS rm WHERE rm."snapId" = s.id AND rm."userId" = ${principal.userId})) ${only}`;
}

/**
 * One branch per kind of result. A new kind is one more entry here (and in SEARCH_TYPES): its
 * table needs a GIN index on the expression its `hits` filters by.
 */
export const SEARCH_BRANCHES: Record<SearchType, SearchBranch | null> = {
  snap: {
    hits: (context) => Prisma.sql`
      SELECT 'snap'::text AS type, s.id, s.id AS "snapId", s.title AS "snapTitle", NULL::text AS "cardId", NULL::int AS row,
        NULL::int AS col, NULL::text AS "cellType", NULL::text AS "commentId", NULL::text AS "commentCardId",
        to_tsvector('snap_search'::regconfig, s.title) @@ ${context.positive}::tsquery AS "inTitle", s."updatedAt"
      FROM "Snap" s
      WHERE to_tsvector('snap_search'::regconfig, s.title || ' ' || coalesce(s.subtitle, '')) @@ ${context.match}::tsquery
        AND ${readableSnapSql(context)}`,
    texts: Prisma.sql`SELECT x.title, x.subtitle AS body FROM "Snap" x WHERE page.type = 'snap' AND x.id = page.id`,
  },
  card: {
    hits: (context) => Prisma.sql`
      SELECT 'card'::text AS type, c.id, s.id AS "snapId", s.title AS "snapTitle", c.id AS "cardId", c.row, c.col, c."cellType",
        NULL::text AS "commentId", NULL::text AS "commentCardId",
        to_tsvector('snap_search'::regconfig, c.title) @@ ${context.positive}::tsquery AS "inTitle", c."updatedAt"
      FROM "Card" c JOIN "Snap" s ON s.id = c."snapId"
      WHERE to_tsvector('snap_search'::regconfig, c.title || ' ' || c.note) @@ ${context.match}::tsquery
        AND ${readableSnapSql(context)}`,
    texts: Prisma.sql`SELECT x.title, x.note AS body FROM "Card" x WHERE page.type = 'card' AND x.id = page.id`,
  },
  comment: {
    // A deleted root keeps its row with an empty body: never a result. The title is the author.
    hits: (context) => Prisma.sql`
      SELECT 'comment'::text AS type, m.id, s.id AS "snapId", s.title AS "snapTitle", c.id AS "cardId", c.row, c.col, c."cellType",
        m.id AS "commentId", m."cardId" AS "commentCardId", false AS "inTitle", m."updatedAt"
      FROM "Comment" m JOIN "Snap" s ON s.id = m."snapId" LEFT JOIN "Card" c ON c.id = m."cardId"
      WHERE NOT m.deleted AND to_tsvector('snap_search'::regconfig, m.body) @@ ${context.match}::tsquery
        AND ${readableSnapSql(context)}`,
    texts: Prisma.sql`SELECT COALESCE(u.name, u.email) AS title, x.body FROM "Comment" x JOIN "User" u ON u.id = x."authorId" WHERE page.type = 'comment' AND x.id = page.id`,
  },
};
