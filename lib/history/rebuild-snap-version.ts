import { cardSelect, type CardView } from "@/lib/board-model/card-selects";
import { CARD_DEFAULTS } from "@/lib/board-model/card-fields";
import { lineSelect, type LineView } from "@/lib/board-model/line-selects";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { snapFieldsSelect } from "@/lib/board-model/snap-selects";
import type { HistoryChange } from "./history-change";

/** One stored version on the way from a snapshot to the version asked for. */
export interface HistoryStep {
  version: number;
  occurredAt: Date;
  change: HistoryChange;
}

/**
 * The snap as GET /api/snaps/:id answered it at the last step's version: the snapshot (a detail at
 * the first step's version) with every later step's change applied in order. Cards come out in
 * grid order (row, col, id) and lines in creation order, as the live read sorts them.
 */
export function rebuildSnapVersion(snapshot: SnapDetail, steps: readonly HistoryStep[]): SnapDetail {
  const { cards: snapshotCards, lines: snapshotLines, ...fields } = snapshot;
  const snap: Record<string, unknown> = { ...fields };
  const cards = new Map<string, CardView>(snapshotCards.map((card) => [card.id, card]));
  let lines: LineView[] = [...snapshotLines];

  for (const { version, occurredAt, change } of steps) {
    if (version <= snapshot.version) continue;
    const gone = new Set(change.deletedCardIds ?? []);
    for (const id of gone) cards.delete(id);
    const goneLines = new Set(change.deletedLineIds ?? []);
    lines = lines.filter((line) => !goneLines.has(line.id) && !gone.has(line.fromCardId) && !gone.has(line.toCardId));
    for (const card of change.createdCards ?? []) cards.set(card.id, card);
    for (const [id, set] of Object.entries(change.updatedCards ?? {})) {
      const card = cards.get(id);
      if (card) cards.set(id, { ...card, ...set });
    }
    const updatedLines = new Map((change.updatedLines ?? []).map((line) => [line.id, line]));
    lines = lines.map((line) => updatedLines.get(line.id) ?? line);
    // Lines written in one statement share their createdAt; the live read then orders them by id.
    lines.push(...[...(change.createdLines ?? [])].sort((a, b) => compareIds(a.id, b.id)));
    for (const [key, value] of Object.entries(change.snap ?? {})) if (key in snap) snap[key] = value;
    snap.version = version;
    snap.updatedAt = occurredAt;
  }

  const ordered = [...cards.values()].sort((a, b) => a.row - b.row || a.col - b.col || compareIds(a.id, b.id));
  // Entries are stored as jsonb (keys reordered): fields come out in the order GET sends them.
  return {
    ...(inOrder(snap, Object.keys(snapFieldsSelect)) as Omit<SnapDetail, "cards" | "lines">),
    // A version written before a field existed (attachments, locked) has the field's default.
    cards: ordered.map((card) => inOrder(Object.assign({ ...CARD_DEFAULTS, attachments: [] }, card), CARD_KEYS) as CardView),
    lines: lines.map((line) => inOrder(line, LINE_KEYS) as LineView),
  };
}

const CARD_KEYS = Object.keys(cardSelect);
const LINE_KEYS = Object.keys(lineSelect);

function inOrder(value: object, keys: readonly string[]): Record<string, unknown> {
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
