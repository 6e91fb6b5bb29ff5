import type { z } from "zod";
import type { CardAttachment, cardFieldsSchema } from "@/lib/board-model/card-schemas";
import type { lineSchema } from "@/lib/board-model/line-schemas";
import type { snapSchema } from "@/lib/snaps/snap-schemas";

type CardFields = z.infer<typeof cardFieldsSchema>;

/**
 * A card as the board holds it. fontSize and cellType are plain strings: a card written before a
 * size was dropped, or of a type this UI does not know, must still render.
 */
export type BoardCard = Omit<CardFields, "fontSize" | "attachments"> & { id: string; fontSize: string; attachments: CardAttachment[] };

/** A line as the API answers it; the board knows its snap. */
export type BoardLine = Omit<z.output<typeof lineSchema>, "snapId">;

export type SizeMap = Record<string, number>;

/**
 * The snap's own fields the board edits and shows: the one list the board reads a snap by (a whole
 * snap, a PATCH answer, a live change's fields).
 */
export const BOARD_SNAP_FIELDS = [
  "id",
  "title",
  "subtitle",
  "icon",
  "fontFamily",
  "canvasBackgroundColor",
  "cellSpacing",
  "rowHeights",
  "colWidths",
  "folderId",
  "isPublic",
  "shareMode",
  "shareToken",
  "sharedWithWorkspace",
] as const;

/** Those fields as the API answers them. */
export type BoardSnap = Pick<z.output<typeof snapSchema>, (typeof BOARD_SNAP_FIELDS)[number]>;

/** The document the editor changes: everything saved to the server. */
export interface BoardDoc {
  snap: BoardSnap;
  cards: BoardCard[];
  lines: BoardLine[];
}

/** What the signed-in caller may do (docs/API.md, "Permissions"): read, edit content, or also share and delete. */
export type BoardAccess = "read" | "comment" | "edit" | "manage";

export type CardPatch = Partial<Omit<BoardCard, "id">>;
export type LinePatch = Partial<Pick<BoardLine, "color" | "style" | "arrow">>;
/** The snap fields PATCH /api/snaps/:id takes from an editor (sharing has its own dialog). */
export type SnapPatch = Partial<
  Pick<BoardSnap, "title" | "subtitle" | "icon" | "fontFamily" | "canvasBackgroundColor" | "cellSpacing" | "rowHeights" | "colWidths" | "folderId">
>;
