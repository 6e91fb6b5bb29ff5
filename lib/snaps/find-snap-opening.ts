import "server-only";
import type { CardView } from "@/lib/board-model/card-selects";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { queryRows } from "@/lib/db/query-rows";
import { cardsJsonWhere, IN_FIRST_WINDOW_SQL } from "./board-window-sql";
import { snapOpeningSelect } from "../board-model/snap-selects";

/** The first `rows` rows and `cols` columns of a board, from its top-left corner. */
export interface BoardWindow {
  rows: number;
  cols: number;
}

export type SnapOpeningFields = Prisma.SnapGetPayload<{ select: typeof snapOpeningSelect }>;

/** Chooses the first window from the snap's track sizes and the grid's extent (the page knows the screen's default size). */
export type PickWindow = (snap: Pick<SnapOpeningFields, "rowHeights" | "colWidths" | "cellSpacing">, extent: BoardWindow) => BoardWindow;

export interface SnapOpening {
  /** The snap with its lines and the cards of the first window (all of them when `window` is null). */
  snap: SnapOpeningFields & { cards: CardView[] };
  /** Rows and columns the cards reach: the grid's size before the rest of the cards is there. */
  extent: BoardWindow;
  /** The window `snap.cards` was read for, or null when they are every card of the snap. */
  window: BoardWindow | null;
}

const EXTENT_SQL = `SELECT COALESCE(max(c."row" + c."rowSpan"), 0)::int AS rows, COALESCE(max(c.col + c."colSpan"), 0)::int AS cols
  FROM "Card" AS c WHERE c."snapId" = $1`;
const WINDOW_CARDS_SQL = cardsJsonWhere(IN_FIRST_WINDOW_SQL);

/**
 * A board's first screenful, for a page that must show it fast whatever the board's size
 * (docs/ARCHITECTURE.md, "The board in the browser: loading"): the snap and its lines, the grid's
 * extent, and the cards of the first window; listCardsOutsideWindow reads the rest. The snap (with
 * its version) is read before the cards, so a write between the two reads is one the live stream
 * delivers from that version on. No access check: callers do that with the snap's own facts.
 */
export async function findSnapOpening(where: Prisma.SnapWhereUniqueInput, pickWindow: PickWindow): Promise<SnapOpening | null> {
  const snap = await db.snap.findUnique({ where, select: snapOpeningSelect });
  if (!snap) return null;
  const [extent = { rows: 0, cols: 0 }] = await queryRows<BoardWindow>(EXTENT_SQL, [snap.id]);
  const picked = pickWindow(snap, extent);
  const complete = extent.rows <= picked.rows && extent.cols <= picked.cols;
  const window = complete ? extent : picked;
  const [row] = await queryRows<{ cards: string }>(WINDOW_CARDS_SQL, [snap.id, window.rows, window.cols]);
  return { snap: { ...snap, cards: JSON.parse(row?.cards ?? "[]") as CardView[] }, extent, window: complete ? null : window };
}
