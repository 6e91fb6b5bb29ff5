import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { visibleSnapBranchesSql } from "../board-model/snap-access";
import type { WorkspaceSnapsQuery } from "./snap-schemas";

export interface PreviewCell {
  position: { row: number; col: number };
  title: string;
  type: string;
}

interface SummaryRow {
  id: string;
  title: string;
  subtitle: string | null;
  icon: string | null;
  isPublic: boolean;
  shareToken: string | null;
  shareMode: "view" | "edit";
  folderId: string | null;
  folderName: string | null;
  cellCount: number;
  previewCells: PreviewCell[];
  createdAt: Date;
  updatedAt: Date;
}

const PREVIEW_CELLS = 9;

// Whitelisted identifiers: the only values that reach the SQL text unparameterized.
const SORT_COLUMN = { createdAt: `"createdAt"`, updatedAt: `"updatedAt"`, title: `"title"` } as const;
const SORT_DIRECTION = { asc: "ASC", desc: "DESC" } as const;
const SUMMARY_COLUMNS = Prisma.raw(
  `id, title, subtitle, icon, "isPublic", "shareToken", "shareMode"::text AS "shareMode", "folderId", "createdAt", "updatedAt"`,
);

/**
 * GET /api/v1/workspace/snaps: the caller's own snaps and those shared with their workspace
 * (never another member's private snap), filtered, sorted with id as tiebreak, one page.
 *
 * Two queries, run together: the page and the total. The page reads each visibility branch in
 * index order, stops at offset + limit, merges the two, and joins folder, cellCount and the nine
 * preview cells per snap of the page (index scans of Card(snapId, row, col)); so its cost follows
 * offset + limit, not the number of snaps (plans and timings at 100,000 snaps:
 * docs/PERFORMANCE.md). The total necessarily reads every match, once.
 */
export async function listWorkspaceSnaps(principal: Principal, query: WorkspaceSnapsQuery) {
  const { limit, offset } = query;
  const [shared, ownRest] = visibleSnapBranchesSql(principal);
  const filters = filterSql(query);
  const direction = SORT_DIRECTION[query.sortOrder];
  const order = Prisma.raw(`${SORT_COLUMN[query.sortBy]} ${direction}, id ${direction}`);
  const pageOrder = Prisma.raw(`page.${SORT_COLUMN[query.sortBy]} ${direction}, page.id ${direction}`);
  const branchLimit = offset + limit;

  const [rows, [count]] = await Promise.all([
    db.$queryRaw<SummaryRow[]>`
      WITH page AS (
        (SELECT ${SUMMARY_COLUMNS} FROM "Snap" WHERE ${shared} ${filters} ORDER BY ${order} LIMIT ${branchLimit})
        UNION ALL
        (SELECT ${SUMMARY_COLUMNS} FROM "Snap" WHERE ${ownRest} ${filters} ORDER BY ${order} LIMIT ${branchLimit})
        ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
      )
      SELECT page.*, folder.name AS "folderName",
        (SELECT count(*)::int FROM "Card" c WHERE c."snapId" = page.id) AS "cellCount",
        COALESCE((
          SELECT json_agg(json_build_object('position', json_build_object('row', p.row, 'col', p.col), 'title', p.title, 'type', p."cellType")
                          ORDER BY p.row, p.col, p.id)
          FROM (SELECT id, row, col, title, "cellType" FROM "Card" c WHERE c."snapId" = page.id
                ORDER BY row, col, id LIMIT ${PREVIEW_CELLS}) p
        ), '[]'::json) AS "previewCells"
      FROM page LEFT JOIN "Folder" folder ON folder.id = page."folderId"
      ORDER BY ${pageOrder}`,
    // One scan for the total: the branches are disjoint, so their OR counts each visible match once.
    // Two counts read every match twice (with a search, each branch rechecks all trigram matches).
    db.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM "Snap" WHERE ((${shared}) OR (${ownRest})) ${filters}`,
  ]);
  const total = count?.total ?? 0;

  return {
    snaps: rows.map((row) => ({
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      icon: row.icon,
      isPublic: row.isPublic,
      shareToken: row.shareToken,
      shareMode: row.shareMode,
      folder: row.folderId && row.folderName !== null ? { id: row.folderId, name: row.folderName } : null,
      cellCount: row.cellCount,
      previewCells: row.previewCells,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
    pagination: { total, limit, offset, hasMore: offset + rows.length < total },
  };
}

/** The optional filters as "AND …" conditions, every value a bound parameter. */
function filterSql({ search, isPublic, folderId }: WorkspaceSnapsQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (search) {
    // Both columns have a pg_trgm GIN index, which serves ILIKE '%…%'.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(Prisma.sql`AND (title ILIKE ${pattern} OR subtitle ILIKE ${pattern})`);
  }
  if (isPublic !== undefined) conditions.push(Prisma.sql`AND "isPublic" = ${isPublic}`);
  if (folderId !== undefined) conditions.push(Prisma.sql`AND "folderId" = ${folderId}`);
  return conditions.length ? Prisma.join(conditions, " ") : Prisma.empty;
}

/** LIKE wildcards in the search text match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
