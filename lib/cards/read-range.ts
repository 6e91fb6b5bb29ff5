import "server-only";
import type { Principal } from "@/lib/request/principal";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import type { RangeArgs, RangeValues } from "@/lib/board-model/range-schemas";
import { queryRows } from "@/lib/db/query-rows";

// The cards whose top-left corner is in the block ($2..$3 rows, $4..$5 columns): one index range scan.
const RANGE_TITLES_SQL = `SELECT row, col, title FROM "Card" WHERE "snapId" = $1 AND row BETWEEN $2::int AND $3::int AND col BETWEEN $4::int AND $5::int`;

/**
 * GET /api/snaps/:id/range: the titles of a block of cells, as a table (docs/API.md, "Ranges"). Only
 * a card's top-left corner shows its title, so only cards starting inside the block are read.
 */
export async function readRange(principal: Principal, snapId: string, { row, col, rows, cols }: RangeArgs): Promise<RangeValues> {
  await getSnapAccessOrThrow(principal, snapId, "read");
  const cards = await queryRows<{ row: number; col: number; title: string }>(RANGE_TITLES_SQL, [snapId, row, row + rows - 1, col, col + cols - 1]);
  const values: (string | null)[][] = Array.from({ length: rows }, () => Array<string | null>(cols).fill(null));
  for (const card of cards) values[card.row - row]![card.col - col] = card.title;
  return { values };
}

/** A range's JSON answer in pieces, a row each (textStream sends them): never one string of the whole table. */
export function* rangeJsonPieces({ values }: RangeValues): Generator<string> {
  yield '{"values":[';
  for (const [index, cells] of values.entries()) yield `${index ? "," : ""}${JSON.stringify(cells)}`;
  yield "]}";
}
