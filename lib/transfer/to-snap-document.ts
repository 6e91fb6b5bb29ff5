import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { gridSize } from "@/lib/board-look/grid-geometry";
import { CARD_FIELD_NAMES } from "@/lib/board-model/card-fields";
import { SNAP_DOCUMENT_FORMAT, SNAP_DOCUMENT_VERSION, type DocumentCard, type SnapDocument } from "./transfer-schemas";

/** Every card field but its files, which the document lists by id (and leaves out when none). */
const DOCUMENT_FIELDS = CARD_FIELD_NAMES.filter((name) => name !== "attachments");

type SizeMap = Record<string, number>;

/**
 * A snap as its export document: cards in the detail's reading order keyed c1, c2, …, lines by
 * those keys. Nothing that names the source (ids, owner, workspace, sharing, timestamps).
 */
export function toSnapDocument(snap: SnapDetail, exportedAt = new Date()): SnapDocument {
  const rowHeights = snap.rowHeights as SizeMap;
  const colWidths = snap.colWidths as SizeMap;
  const keys = new Map<string, string>();
  const cards = snap.cards.map((fields) => {
    const key = `c${keys.size + 1}`;
    keys.set(fields.id, key);
    const card: Record<string, unknown> = { key };
    for (const name of DOCUMENT_FIELDS) card[name] = fields[name];
    if (fields.attachments.length > 0) card.attachments = fields.attachments.map((attachment) => attachment.id);
    return card as DocumentCard;
  });
  const lines = snap.lines.flatMap((line) => {
    const from = keys.get(line.fromCardId);
    const to = keys.get(line.toCardId);
    return from && to ? [{ from, to, color: line.color, style: line.style, arrow: line.arrow }] : [];
  });
  const { rows, cols } = gridSize(cards, rowHeights, colWidths);
  return {
    format: SNAP_DOCUMENT_FORMAT,
    formatVersion: SNAP_DOCUMENT_VERSION,
    exportedAt: exportedAt.toISOString(),
    snap: {
      title: snap.title,
      subtitle: snap.subtitle,
      icon: snap.icon,
      rows,
      cols,
      fontFamily: snap.fontFamily,
      canvasBackgroundColor: snap.canvasBackgroundColor,
      cellSpacing: snap.cellSpacing,
      rowHeights,
      colWidths,
    },
    cards,
    lines,
  };
}
