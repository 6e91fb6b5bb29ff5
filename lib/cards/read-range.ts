import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import type { RangeArgs, RangeValues } from "@/lib/board-model/range-schemas";
import { readCardTitles } from "./read-card-rects";

/** GET /api/snaps/:id/range: the titles of a block of cells, as a table (docs/API.md, "Ranges"). */
export async function readRange(principal: Principal, snapId: string, { row, col, rows, cols }: RangeArgs): Promise<RangeValues> {
  await getSnapAccessOrThrow(principal, snapId, "read");
  const cards = await readCardTitles(db, snapId, { row, col, lastRow: row + rows - 1, lastCol: col + cols - 1 });
  const values: (string | null)[][] = Array.from({ length: rows }, () => Array<string | null>(cols).fill(null));
  for (const card of cards) {
    const cells = values[card.row - row];
    if (cells && card.col >= col && card.col - col < cols) cells[card.col - col] = card.title;
  }
  return { values };
}
