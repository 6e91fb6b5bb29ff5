import "server-only";
import type { Principal } from "@/lib/request/principal";
import { CARD_COLUMN_TYPES } from "@/lib/board-model/card-column-types";
import { createId } from "@/lib/db/create-id";
import { Prisma } from "@/lib/db/generated/client";
import { runTransaction } from "@/lib/db/run-transaction";
import { snapEvent } from "@/lib/events/feed-event-inputs";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import { ApiError } from "@/lib/errors/api-error";
import { actorOf } from "@/lib/live/write-actor";
import { SNAP_DETAIL_JSON_SQL, type SnapDetail } from "@/lib/board-model/find-snap-detail";
import { assertSnapAccess, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import { MAX_SNAP_TITLE_LENGTH } from "@/lib/snaps/snap-constants";
import { copySnapFiles } from "@/lib/files/copy-snap-files";
import { orderedIds } from "./ordered-ids";
import type { DuplicateSnap } from "./transfer-schemas";
import { snapMembersColumnSql } from "@/lib/board-model/snap-access";

const CARD_FIELDS = Object.keys(CARD_COLUMN_TYPES).map((field) => `"${field}"`);
const CARD_COLUMNS = Prisma.raw(CARD_FIELDS.join(", "));
const SOURCE_CARD_FIELDS = Prisma.raw(CARD_FIELDS.map((field) => `c.${field}`).join(", "));
const DETAIL_SQL = `SELECT ${SNAP_DETAIL_JSON_SQL} AS detail FROM "Snap" AS s WHERE s.id = $1`;

interface SourceRow extends SnapAccessFacts {
  title: string;
  cards: number;
  lines: number;
}

/**
 * POST /api/snaps/:id/duplicate: read access to the source; the copy is a new private snap of the
 * caller, in the caller's workspace, with every card and line the source has (what its export
 * document carries). PostgreSQL copies the rows itself (INSERT ... SELECT, one statement for the
 * snap, its cards and its lines), so 10,000 cards never travel through this process; the source
 * is held FOR SHARE meanwhile, so no write to it commits halfway through the copy. The new ids
 * are made here, sorted, and given in the source's order (cards in reading order, lines by
 * creation), so reads that break ties by id keep the source's order (docs/EXPORT-IMPORT.md). The
 * files its cards show come along (lib/files/copy-snap-files.ts). Its snap.created event goes to
 * the feed and webhooks, as for any new snap.
 */
export async function duplicateSnap(principal: Principal, snapId: string, input: DuplicateSnap): Promise<SnapDetail> {
  return runTransaction(async (tx) => {
    const [source] = await tx.$queryRaw<SourceRow[]>`
      SELECT s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", s.title, ${snapMembersColumnSql("s")},
        (SELECT count(*)::int FROM "Card" AS c WHERE c."snapId" = s.id) AS cards,
        (SELECT count(*)::int FROM "Line" AS l WHERE l."snapId" = s.id) AS lines
      FROM "Snap" AS s WHERE s.id = ${snapId} FOR SHARE OF s`;
    if (!source) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, source, "read");
    // As createSnap: the membership FOR SHARE, so a concurrent move to another workspace waits.
    const [membership] = await tx.$queryRaw<{ workspaceId: string }[]>`
      SELECT "workspaceId" FROM "Membership" WHERE "userId" = ${principal.userId} FOR SHARE`;
    if (!membership) throw new ApiError("FORBIDDEN", "You are not a member of any workspace");

    const copyId = createId();
    const title = input.title ?? `Copy of ${source.title}`.slice(0, MAX_SNAP_TITLE_LENGTH).trim();
    await tx.$executeRaw`
      WITH copied_snap AS (
        INSERT INTO "Snap" (id, "userId", "workspaceId", title, subtitle, icon, "fontFamily", "canvasBackgroundColor", "cellSpacing",
          "rowHeights", "colWidths", "createdAt", "updatedAt")
        SELECT ${copyId}, ${principal.userId}, ${membership.workspaceId}, ${title}, s.subtitle, s.icon, s."fontFamily",
          s."canvasBackgroundColor", s."cellSpacing", s."rowHeights", s."colWidths", now(), now()
        FROM "Snap" AS s WHERE s.id = ${snapId}
      ), card_ids AS (
        SELECT source.id AS "sourceId", copy.id
        FROM (SELECT id, row_number() OVER (ORDER BY row, col, id) AS position FROM "Card" WHERE "snapId" = ${snapId}) AS source
        JOIN unnest(${orderedIds(source.cards)}::text[]) WITH ORDINALITY AS copy(id, position) ON copy.position = source.position
      ), copied_cards AS (
        INSERT INTO "Card" (id, "snapId", ${CARD_COLUMNS})
        SELECT ids.id, ${copyId}, ${SOURCE_CARD_FIELDS} FROM card_ids AS ids JOIN "Card" AS c ON c.id = ids."sourceId"
      )
      INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId", color, style, arrow)
      SELECT copy.id, ${copyId}, from_card.id, to_card.id, l.color, l.style, l.arrow
      FROM (SELECT *, row_number() OVER (ORDER BY "createdAt", id) AS position FROM "Line" WHERE "snapId" = ${snapId}) AS l
      JOIN unnest(${orderedIds(source.lines)}::text[]) WITH ORDINALITY AS copy(id, position) ON copy.position = l.position
      JOIN card_ids AS from_card ON from_card."sourceId" = l."fromCardId"
      JOIN card_ids AS to_card ON to_card."sourceId" = l."toCardId"`;

    await copySnapFiles(tx, snapId, copyId, membership.workspaceId, principal.userId);

    // The copy as GET answers it, read in this transaction (an idempotent request's has not committed yet).
    const [row] = await tx.$queryRawUnsafe<{ detail: string }[]>(DETAIL_SQL, copyId);
    const parsed = JSON.parse(row!.detail) as SnapDetail;
    const snap = { ...parsed, createdAt: new Date(parsed.createdAt), updatedAt: new Date(parsed.updatedAt) };
    await recordFeedEvents(tx, actorOf(principal), [snapEvent("snap.created", snap)]);
    return snap;
  });
}
