import "server-only";
import type { CardView } from "@/lib/board-model/card-selects";
import { queryRows } from "@/lib/db/query-rows";
import { cardsJsonWhere, IN_FIRST_WINDOW_SQL } from "./board-window-sql";
import type { BoardWindow } from "./find-snap-opening";

const REST_SQL = cardsJsonWhere(`NOT ${IN_FIRST_WINDOW_SQL} AND c."row" >= $4 AND c."row" < $5`);

/**
 * The cards findSnapOpening left out for this window, of the rows `band` names (by the row a card
 * starts in; all of them by default): the rest of the board, which the page sends after its first
 * paint. One JSON text built by PostgreSQL (10,000 cards through Prisma's model API cost the server
 * about 200 ms of CPU). No access check: the page that read the opening did it.
 */
export async function listCardsOutsideWindow(snapId: string, window: BoardWindow, band = { fromRow: 0, toRow: 2 ** 31 - 1 }): Promise<CardView[]> {
  const [row] = await queryRows<{ cards: string }>(REST_SQL, [snapId, window.rows, window.cols, band.fromRow, band.toRow]);
  return JSON.parse(row?.cards ?? "[]") as CardView[];
}
