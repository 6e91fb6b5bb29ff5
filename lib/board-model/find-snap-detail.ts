import "server-only";
import { cardSelect, type CardView } from "@/lib/board-model/card-selects";
import { db, type DbOrTx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { queryRows } from "@/lib/db/query-rows";
import { lineSelect } from "@/lib/board-model/line-selects";
import type { SnapAccessFacts } from "./snap-access";
import type { SnapVersion } from "./snap-version";
import { snapDetailSelect, snapFieldsSelect } from "./snap-selects";
import { snapMembersColumn } from "./snap-access";

/** The attachments column typed as its trigger keeps it (CardView). */
export type SnapDetail = Omit<Prisma.SnapGetPayload<{ select: typeof snapDetailSelect }>, "cards"> & { cards: CardView[] };

/** The full snap (cards, lines, folder) matching a unique filter, with no access check: callers do that. */
export function findSnapDetail(where: Prisma.SnapWhereUniqueInput, client: DbOrTx = db): Promise<SnapDetail | null> {
  return client.snap.findUnique({ where, select: snapDetailSelect }) as Promise<SnapDetail | null>;
}

/** `'column', alias."column"` pairs for json_build_object, in the select's order. */
export const jsonPairs = (alias: string, columns: string[]) => columns.map((column) => `'${column}', ${alias}."${column}"`).join(", ");
// Built from the selects, so the fields (and their order) are findSnapDetail's: snapDetailSelect's
// scalars, folder, cards in grid order with id as tiebreak, lines by creation.
const SNAP_JSON = Object.keys(snapFieldsSelect)
  .map((field) =>
    field === "folder"
      ? `'folder', (SELECT json_build_object('id', f.id, 'name', f.name) FROM "Folder" AS f WHERE f.id = s."folderId")`
      : `'${field}', s."${field}"`,
  )
  .join(", ");
/** The snap `s` as GET /api/snaps/:id answers it, one JSON text built by PostgreSQL (also history's snapshots). */
export const SNAP_DETAIL_JSON_SQL = `json_build_object(${SNAP_JSON},
  'cards', COALESCE((SELECT json_agg(json_build_object(${jsonPairs("c", Object.keys(cardSelect))}) ORDER BY c.row, c.col, c.id)
                     FROM "Card" AS c WHERE c."snapId" = s.id), '[]'::json),
  'lines', COALESCE((SELECT json_agg(json_build_object(${jsonPairs("l", Object.keys(lineSelect))}) ORDER BY l."createdAt", l.id)
                     FROM "Line" AS l WHERE l."snapId" = s.id), '[]'::json))::text`;
// $2..$4: the version (snapEtag's inputs) the caller already holds the detail of, or nulls. When
// the snap is still at that version the detail is not built (NULL): a cache hit costs PostgreSQL
// one indexed row instead of 100 cards turned into JSON.
const DETAIL_WITH_ACCESS_SQL = `
  SELECT s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumn("s")},
         s."updatedAt", s."folderId", f.name AS "folderName",
         CASE WHEN s."updatedAt" = $2 AND s."folderId" IS NOT DISTINCT FROM $3 AND f.name IS NOT DISTINCT FROM $4
              THEN NULL ELSE ${SNAP_DETAIL_JSON_SQL} END AS detail
  FROM "Snap" AS s LEFT JOIN "Folder" AS f ON f.id = s."folderId" WHERE s.id = $1`;

interface DetailRow extends SnapAccessFacts {
  updatedAt: Date;
  folderId: string | null;
  folderName: string | null;
  detail: string | null;
}

export interface SnapDetailRead {
  facts: SnapAccessFacts;
  /** What the snap's ETag is made of (lib/snaps/snap-etag.ts), read in the same statement as the detail. */
  version: SnapVersion;
  /** Null when the snap is still at the `unlessVersion` passed in. */
  snap: SnapDetail | null;
}

/**
 * findSnapDetail({ id }) and the snap's access facts in one statement: PostgreSQL builds the whole
 * detail as one JSON text, which is parsed once here. The API's GET /api/snaps/:id path: through
 * Prisma's model API the same read is five statements and about 2 ms of CPU per 100 cards
 * (docs/PERFORMANCE.md); the bench checks that both give the same snap. With `unlessVersion`, the
 * detail is only read if the snap has moved on from that version.
 */
export async function findSnapDetailWithAccess(snapId: string, unlessVersion?: SnapVersion): Promise<SnapDetailRead | null> {
  const known = unlessVersion ? [unlessVersion.updatedAt, unlessVersion.folderId, unlessVersion.folder?.name ?? null] : [null, null, null];
  const [row] = await queryRows<DetailRow>(DETAIL_WITH_ACCESS_SQL, [snapId, ...known]);
  if (!row) return null;
  const { userId, workspaceId, sharedWithWorkspace, shareMode, members, updatedAt, folderId, folderName } = row;
  const version = { id: snapId, updatedAt, folderId, folder: folderName === null ? null : { name: folderName } };
  return { facts: { userId, workspaceId, sharedWithWorkspace, shareMode, members }, version, snap: row.detail === null ? null : parseDetail(row.detail) };
}

function parseDetail(text: string): SnapDetail {
  const snap = JSON.parse(text) as SnapDetail;
  // JSON has no dates: the two timestamps become Dates again, as Prisma returns them.
  snap.createdAt = new Date(snap.createdAt);
  snap.updatedAt = new Date(snap.updatedAt);
  return snap;
}
