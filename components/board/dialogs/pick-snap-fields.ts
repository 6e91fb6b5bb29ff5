import type { BoardSnap } from "../board-types";
import { toSizeMap } from "../to-board-doc";

/** The snap fields of a PATCH /api/snaps/:id answer, in the board's shape. */
export function pickSnapFields(snap: BoardSnap & { rowHeights: unknown; colWidths: unknown }): Partial<BoardSnap> {
  return {
    title: snap.title,
    subtitle: snap.subtitle,
    icon: snap.icon,
    fontFamily: snap.fontFamily,
    canvasBackgroundColor: snap.canvasBackgroundColor,
    cellSpacing: snap.cellSpacing,
    rowHeights: toSizeMap(snap.rowHeights),
    colWidths: toSizeMap(snap.colWidths),
    folderId: snap.folderId,
    isPublic: snap.isPublic,
    shareMode: snap.shareMode,
    shareToken: snap.shareToken,
    sharedWithWorkspace: snap.sharedWithWorkspace,
  };
}
