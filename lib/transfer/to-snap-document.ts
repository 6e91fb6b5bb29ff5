import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { gridSize } from "@/lib/board-look/grid-geometry";
import { SNAP_DOCUMENT_FORMAT, SNAP_DOCUMENT_VERSION, type SnapDocument } from "./transfer-schemas";

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
    return {
      key,
      row: fields.row,
      col: fields.col,
      rowSpan: fields.rowSpan,
      colSpan: fields.colSpan,
      title: fields.title,
      note: fields.note,
      cellType: fields.cellType,
      completed: fields.completed,
      color: fields.color,
      textAlign: fields.textAlign,
      verticalAlign: fields.verticalAlign,
      fontSize: fields.fontSize as SnapDocument["cards"][number]["fontSize"],
      bold: fields.bold,
      italic: fields.italic,
      underline: fields.underline,
      borderRadius: fields.borderRadius,
      borderSize: fields.borderSize,
      cellOpacity: fields.cellOpacity,
      locked: fields.locked,
      ...(fields.attachments.length > 0 ? { attachments: fields.attachments.map((attachment) => attachment.id) } : {}),
    };
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
