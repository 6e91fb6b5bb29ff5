import type { z } from "zod";
import type { cardFieldsSchema } from "@/lib/cards/card-schemas";

type CardFields = z.infer<typeof cardFieldsSchema>;

/**
 * A card as the board holds it. fontSize and cellType are plain strings: a card written before a
 * size was dropped, or of a type this UI does not know, must still render.
 */
export type BoardCard = Omit<CardFields, "fontSize"> & { id: string; fontSize: string };

export interface BoardLine {
  id: string;
  fromCardId: string;
  toCardId: string;
  color: string;
  style: "solid" | "dashed";
  arrow: "none" | "end" | "both";
}

export type SizeMap = Record<string, number>;

export interface BoardSnap {
  id: string;
  title: string;
  subtitle: string | null;
  icon: string | null;
  fontFamily: string;
  canvasBackgroundColor: string;
  cellSpacing: number;
  rowHeights: SizeMap;
  colWidths: SizeMap;
  folderId: string | null;
  isPublic: boolean;
  shareMode: "view" | "edit";
  shareToken: string | null;
  sharedWithWorkspace: boolean;
}

/** The document the editor changes: everything saved to the server. */
export interface BoardDoc {
  snap: BoardSnap;
  cards: BoardCard[];
  lines: BoardLine[];
}

/** What the signed-in caller may do (docs/API.md, "Permissions"): read, edit content, or also share and delete. */
export type BoardAccess = "read" | "edit" | "manage";

export type CardPatch = Partial<Omit<BoardCard, "id">>;
export type LinePatch = Partial<Pick<BoardLine, "color" | "style" | "arrow">>;
/** The snap fields PATCH /api/snaps/:id takes from an editor (sharing has its own dialog). */
export type SnapPatch = Partial<
  Pick<BoardSnap, "title" | "subtitle" | "icon" | "fontFamily" | "canvasBackgroundColor" | "cellSpacing" | "rowHeights" | "colWidths" | "folderId">
>;
