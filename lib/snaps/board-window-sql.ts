import { cardSelect } from "@/lib/board-model/card-selects";
import { jsonPairs } from "../board-model/find-snap-detail";

/**
 * The cards of a board's first window, as SQL over the card `c` with the snap id in $1 and the
 * window's row and column counts in $2 and $3: the cards that reach into the window's cells, and
 * every card a line ends at (so each line is drawn, and kept, from the first paint).
 */
export const IN_FIRST_WINDOW_SQL = `((c."row" < $2 AND c.col < $3)
  OR c.id IN (SELECT "fromCardId" FROM "Line" WHERE "snapId" = $1 UNION SELECT "toCardId" FROM "Line" WHERE "snapId" = $1))`;

/** The matching cards of one snap as one JSON text built by PostgreSQL, in grid order (as GET /api/snaps/:id). */
export const cardsJsonWhere = (condition: string) => `
  SELECT COALESCE(json_agg(json_build_object(${jsonPairs("c", Object.keys(cardSelect))}) ORDER BY c."row", c.col, c.id), '[]'::json)::text AS cards
  FROM "Card" AS c WHERE c."snapId" = $1 AND ${condition}`;
