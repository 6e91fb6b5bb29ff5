import "server-only";
import type { Principal } from "@/lib/request/principal";
import { Prisma } from "@/lib/db/generated/client";
import { runTransaction, type Tx } from "@/lib/db/run-transaction";
import { snapEvent } from "@/lib/events/feed-event-inputs";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import { ApiError } from "@/lib/errors/api-error";
import { lineSelect, type LineView } from "@/lib/board-model/line-selects";
import { actorOf } from "@/lib/live/write-actor";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { snapFieldsSelect } from "@/lib/board-model/snap-selects";
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT, gridSize } from "@/lib/board-look/grid-geometry";
import { config } from "@/lib/config";
import { fileCreatedEvent } from "@/lib/files/file-events";
import type { FileView } from "@/lib/files/file-schemas";
import { fileRowSelect, toFileView } from "@/lib/files/file-view";
import type { NewFileRow } from "@/lib/files/store-upload";
import { assertRoomForFiles } from "@/lib/files/workspace-file-usage";
import { recordImportJobSnap, reportImportProgress } from "./import-jobs/import-job-scope";
import { insertDocumentCards } from "./insert-document-cards";
import { orderedIds } from "./ordered-ids";
import type { SnapDocument } from "./transfer-schemas";

const lineColumnsSql = Prisma.raw(
  Object.keys(lineSelect)
    .map((column) => `l."${column}"`)
    .join(", "),
);

/**
 * A new private snap owned by the caller, in their workspace, from a document parseSnapDocument
 * has checked: the snap, its cards and its lines in one transaction, cards and lines each in one
 * statement, and its snap.created event for the feed and webhooks. The ids are new and made in the
 * document's order, so cards sharing a cell and lines keep their order (reads break ties by id)
 * and export gives the same document back. `files` (a .snap.zip's, stored already and named by
 * the cards by their new ids) are inserted on the new snap, within the workspace's quota (413),
 * checked under the workspace's lock as uploads are.
 */
export async function importSnap(
  principal: Principal,
  document: SnapDocument,
  files: readonly NewFileRow[] = [],
  comments: readonly ImportedComment[] = [],
): Promise<SnapDetail> {
  const { snap, cards, lines } = document;
  const snapFields = {
    title: snap.title,
    subtitle: snap.subtitle,
    icon: snap.icon,
    fontFamily: snap.fontFamily,
    canvasBackgroundColor: snap.canvasBackgroundColor,
    cellSpacing: snap.cellSpacing,
  };
  // A .snap.zip's progress counts its files (import-archive.ts); the others' their cards.
  if (files.length === 0) reportImportProgress(0, cards.length, { force: true });
  return runTransaction(async (tx) => {
    // As createSnap: the membership FOR SHARE, so a concurrent move to another workspace waits.
    const [membership] = await tx.$queryRaw<{ workspaceId: string; now: Date }[]>`
      SELECT "workspaceId", now() AS now FROM "Membership" WHERE "userId" = ${principal.userId} FOR SHARE`;
    if (!membership) throw new ApiError("FORBIDDEN", "You are not a member of any workspace");
    const { workspaceId, now } = membership;

    const created = await tx.snap.create({
      data: { ...snapFields, ...declaredGrid(document), userId: principal.userId, workspaceId, createdAt: now, updatedAt: now },
      select: snapFieldsSelect,
    });
    const importedFiles = files.length > 0 ? await insertImportedFiles(tx, workspaceId, created.id, files) : [];
    const cardIds = orderedIds(cards.length);
    const inserted = await insertDocumentCards(tx, created.id, cards, cardIds);
    const idOfKey = new Map(cards.map((card, index) => [card.key, cardIds[index]!]));
    const insertedLines = await insertLines(
      tx,
      created.id,
      lines.map((line) => ({ fromCardId: idOfKey.get(line.from)!, toCardId: idOfKey.get(line.to)!, color: line.color, style: line.style, arrow: line.arrow })),
    );
    if (comments.length > 0) await insertComments(tx, principal, created.id, comments, idOfKey);
    inserted.sort((a, b) => a.row - b.row || a.col - b.col || (a.id < b.id ? -1 : 1));
    // The files after their snap, as an upload's: integrations that follow file.created see these too.
    await recordFeedEvents(tx, actorOf(principal), [snapEvent("snap.created", created), ...importedFiles.map(fileCreatedEvent)]);
    // Run as an import job (lib/transfer/import-jobs/): the job's outcome commits with its snap.
    await recordImportJobSnap(tx, created.id, cards.length);
    return { ...created, cards: inserted, lines: insertedLines };
  });
}

/**
 * The size maps to store: a document whose rows or cols are more than its cards and sized tracks
 * reach keeps that grid by sizing its last track at the default (the board's grid ends at the
 * last card or sized track). parseSnapDocument refuses the case past index 999.
 */
function declaredGrid({ snap, cards }: SnapDocument): { rowHeights: Record<string, number>; colWidths: Record<string, number> } {
  const extent = gridSize(cards, snap.rowHeights, snap.colWidths);
  const rowHeights = snap.rows > extent.rows ? { ...snap.rowHeights, [snap.rows - 1]: DEFAULT_ROW_HEIGHT } : snap.rowHeights;
  const colWidths = snap.cols > extent.cols ? { ...snap.colWidths, [snap.cols - 1]: DEFAULT_COL_WIDTH } : snap.colWidths;
  return { rowHeights, colWidths };
}

async function insertImportedFiles(tx: Tx, workspaceId: string, snapId: string, files: readonly NewFileRow[]): Promise<FileView[]> {
  await assertRoomForFiles(
    tx,
    workspaceId,
    config().FILE_WORKSPACE_QUOTA_BYTES,
    files.reduce((sum, file) => sum + file.size, 0),
  );
  const rows = await tx.file.createManyAndReturn({ data: files.map((file) => ({ ...file, objectId: file.id, snapId })), select: fileRowSelect });
  return rows.map(toFileView);
}

/** A comment an import brings (a Trello card's): on the card of the document's key, written by the importer. */
export interface ImportedComment {
  cardKey: string;
  body: string;
}

/**
 * The comments in one statement, in the given order (ids sorted as made), authored by the caller
 * as their key or session: the original author and date are in the body, as the importer wrote
 * them. No notifications: nobody is mentioned, and the snap is new and the caller's.
 */
async function insertComments(tx: Tx, principal: Principal, snapId: string, comments: readonly ImportedComment[], idOfKey: Map<string, string>) {
  const actor = actorOf(principal);
  const ids = orderedIds(comments.length);
  const rows = comments.map((comment, index) => ({ id: ids[index], cardId: idOfKey.get(comment.cardKey) ?? null, body: comment.body }));
  await tx.$executeRaw`
    INSERT INTO "Comment" (id, "snapId", "cardId", "authorId", "actorType", "actorApiKeyId", body)
    SELECT v.id, ${snapId}, v."cardId", ${principal.userId}, ${actor.type}::"WriteActorType", ${actor.apiKeyId}, v.body
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id text, "cardId" text, body text)`;
}

interface NewLine {
  fromCardId: string;
  toCardId: string;
  color: string;
  style: string;
  arrow: string;
}

async function insertLines(tx: Tx, snapId: string, lines: readonly NewLine[]): Promise<LineView[]> {
  if (lines.length === 0) return [];
  const ids = orderedIds(lines.length);
  const rows = lines.map((line, index) => ({ ...line, id: ids[index] }));
  const inserted = await tx.$queryRaw<LineView[]>`
    INSERT INTO "Line" AS l ("id", "snapId", "fromCardId", "toCardId", "color", "style", "arrow")
    SELECT v.id, ${snapId}, v."fromCardId", v."toCardId", v.color, v.style, v.arrow
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(id text, "fromCardId" text, "toCardId" text, color text, style "LineStyle", arrow "LineArrow")
    RETURNING ${lineColumnsSql}`;
  return inserted.sort((a, b) => (a.id < b.id ? -1 : 1));
}
