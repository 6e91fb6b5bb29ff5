import "server-only";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Principal } from "@/lib/request/principal";
import { applyCardUpdates } from "@/lib/cards/apply-card-updates";
import { CARD_COLUMN_TYPES, type CardColumn } from "@/lib/board-model/card-column-types";
import { runTransaction, type Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import type { LineView } from "@/lib/board-model/line-selects";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import type { SnapChange } from "@/lib/live/snap-change";
import { actorOf } from "@/lib/live/write-actor";
import { findSnapDetail, type SnapDetail } from "@/lib/board-model/find-snap-detail";
import { assertSnapAccess, getSnapAccessOrThrow, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import type { CardFields, HistoryChange } from "../history/history-change";
import { readSnapVersion } from "../history/read-snap-version";
import { snapHistoryOf } from "../history/record-snap-history";
import { insertRestoredCards, insertRestoredLines, updateRestoredLines } from "./write-restored-rows";
import { snapMembersColumnSql } from "@/lib/board-model/snap-access";

const CARD_FIELDS = Object.keys(CARD_COLUMN_TYPES) as CardColumn[];
/**
 * The snap fields a restore puts back: its content and looks. Sharing (isPublic, shareMode,
 * shareToken, sharedWithWorkspace) and the folder stay as they are: a restore needs only edit
 * access, and must neither re-publish a snap nor revive a revoked link (docs/ARCHITECTURE.md, "History").
 */
export const RESTORED_SNAP_FIELDS = ["title", "subtitle", "icon", "fontFamily", "canvasBackgroundColor", "cellSpacing", "rowHeights", "colWidths"] as const;

/**
 * POST /api/snaps/:id/restore (edit access): cards, lines and the snap's content fields become
 * what they were at `version`, as ONE new write: a new version, a live change event and a history
 * entry "Restored version N" of its own, so a restore is undone by restoring the version before it.
 * Cards and lines deleted since come back with their ids. 404 for a version unknown or expired.
 */
export async function restoreSnapVersion(principal: Principal, snapId: string, version: number): Promise<SnapDetail> {
  // Checked before any lock, so a caller without access holds none of another's rows; again under the lock.
  await getSnapAccessOrThrow(principal, snapId, "edit");
  return runTransaction(async (tx) => {
    // The global lock order: the snap's cards, its lines, then the snap. Once the snap is held no
    // other write to it can commit, so the state read next is the one this restore replaces.
    await tx.$queryRaw`SELECT id FROM "Card" WHERE "snapId" = ${snapId} ORDER BY id FOR UPDATE`;
    await tx.$queryRaw`SELECT id FROM "Line" WHERE "snapId" = ${snapId} ORDER BY id FOR UPDATE`;
    const [facts] = await tx.$queryRaw<SnapAccessFacts[]>`
      SELECT s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumnSql("s")}
      FROM "Snap" AS s WHERE s.id = ${snapId} FOR NO KEY UPDATE`;
    if (!facts) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, facts, "edit");

    const [current, target] = [await findSnapDetail({ id: snapId }, tx), await readSnapVersion(tx, snapId, version)];
    if (!current) throw new ApiError("NOT_FOUND", "Snap not found");
    if (!target) throw new ApiError("NOT_FOUND", `Version ${version} of this snap is unknown or no longer kept`);

    const { history, live } = await applyRestore(tx, current, target);
    const actor = actorOf(principal);
    await recordSnapChanges(tx, actor, [live], [snapHistoryOf([{ snapId, change: { ...history, restoredFrom: version } }])]);
    const restored = await findSnapDetail({ id: snapId }, tx);
    if (!restored) throw new ApiError("NOT_FOUND", "Snap not found");
    await recordAuditEvent(tx, {
      workspace: { id: facts.workspaceId },
      action: "snap.restored",
      actor: auditActorOf(principal),
      target: { type: "snap", id: snapId, name: `${restored.title} (version ${version})` },
    });
    return restored;
  });
}

/** Writes the difference between the snap now and the target, and says what it did (for history and for live streams). */
async function applyRestore(tx: Tx, current: SnapDetail, target: SnapDetail) {
  const snapId = current.id;
  const currentCards = new Map(current.cards.map((card) => [card.id, card]));
  const targetCards = new Map(target.cards.map((card) => [card.id, card]));
  const createdCards = target.cards.filter((card) => !currentCards.has(card.id));
  const deletedCardIds = current.cards.filter((card) => !targetCards.has(card.id)).map((card) => card.id);
  const updatedCards: Record<string, CardFields> = {};
  for (const card of target.cards) {
    const now = currentCards.get(card.id);
    if (!now) continue;
    const fields = CARD_FIELDS.filter((field) => now[field] !== card[field]);
    if (fields.length) updatedCards[card.id] = Object.fromEntries(fields.map((field) => [field, card[field]]));
  }

  const currentLines = new Map(current.lines.map((line) => [line.id, line]));
  const targetLines = new Set(target.lines.map((line) => line.id));
  const createdLines = target.lines.filter((line) => !currentLines.has(line.id));
  const deletedLineIds = current.lines.filter((line) => !targetLines.has(line.id)).map((line) => line.id);
  const updatedLines = target.lines.filter((line) => {
    const now = currentLines.get(line.id);
    return now !== undefined && (now.color !== line.color || now.style !== line.style || now.arrow !== line.arrow);
  });

  const snap: Record<string, unknown> = {};
  for (const field of RESTORED_SNAP_FIELDS) {
    if (JSON.stringify(current[field]) !== JSON.stringify(target[field])) snap[field] = target[field];
  }

  if (deletedLineIds.length) await tx.$executeRaw`DELETE FROM "Line" WHERE id = ANY(${deletedLineIds}::text[])`;
  if (deletedCardIds.length) await tx.$executeRaw`DELETE FROM "Card" WHERE id = ANY(${deletedCardIds}::text[])`;
  await insertRestoredCards(tx, createdCards);
  const updates = Object.entries(updatedCards).map(([id, fields]) => ({ id, ...fields }));
  // The values are a stored card's, valid when written.
  if (updates.length) await applyCardUpdates(tx, updates as Parameters<typeof applyCardUpdates>[1]);
  await insertRestoredLines(tx, createdLines);
  await updateRestoredLines(tx, updatedLines);
  if (Object.keys(snap).length) await tx.snap.update({ where: { id: snapId }, data: snap });

  const history: HistoryChange = {};
  if (createdCards.length) history.createdCards = createdCards;
  if (updates.length) history.updatedCards = updatedCards;
  if (deletedCardIds.length) history.deletedCardIds = deletedCardIds;
  if (createdLines.length) history.createdLines = createdLines;
  if (updatedLines.length) history.updatedLines = updatedLines;
  if (deletedLineIds.length) history.deletedLineIds = deletedLineIds;
  if (Object.keys(snap).length) history.snap = snap;

  const cardFields: Record<string, string[]> = {};
  for (const card of createdCards) cardFields[card.id] = [...CARD_FIELDS].sort();
  for (const [id, fields] of Object.entries(updatedCards)) cardFields[id] = Object.keys(fields).sort();
  const live: SnapChange = { snapId };
  if (Object.keys(cardFields).length) live.cardFields = cardFields;
  if (deletedCardIds.length) live.deletedCardIds = deletedCardIds;
  const lines: LineView[] = [...createdLines, ...updatedLines];
  if (lines.length) live.lines = lines;
  if (deletedLineIds.length) live.deletedLineIds = deletedLineIds;
  if (Object.keys(snap).length) live.snap = snap;
  return { history, live };
}
