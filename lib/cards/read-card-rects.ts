import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { DbOrTx } from "@/lib/db/client";
import { MAX_CARD_SPAN } from "@/lib/board-model/card-constants";
import type { CardRect } from "@/lib/board-model/find-card-overlap";

/** A block of cells: rows [row, lastRow] and columns [col, lastCol]. */
export interface CellBox {
  row: number;
  col: number;
  lastRow: number;
  lastCol: number;
}

/**
 * The cards of a snap covering any cell of the box, as rectangles: one index range scan on
 * (snapId, row, col), since a card covering the box starts at most MAX_CARD_SPAN - 1 cells above or
 * left of it. What a change's overlap check and a range write read, never the whole board.
 */
export async function readCardRects(tx: DbOrTx, snapId: string, box: CellBox, { lock = false } = {}): Promise<CardRect[]> {
  return readCards<CardRect>(tx, snapId, box, Prisma.empty, lock);
}

/** The same with each card's title (a range write or read). */
export async function readCardTitles(tx: DbOrTx, snapId: string, box: CellBox, { lock = false } = {}): Promise<(CardRect & { title: string })[]> {
  return readCards<CardRect & { title: string }>(tx, snapId, box, Prisma.sql`, title`, lock);
}

function readCards<Row>(tx: DbOrTx, snapId: string, box: CellBox, extra: Prisma.Sql, lock: boolean): Promise<Row[]> {
  const reach = MAX_CARD_SPAN - 1;
  return tx.$queryRaw<Row[]>`
    SELECT id, row, col, "rowSpan", "colSpan" ${extra} FROM "Card"
    WHERE "snapId" = ${snapId} AND row BETWEEN ${box.row - reach}::int AND ${box.lastRow}::int AND col BETWEEN ${box.col - reach}::int AND ${box.lastCol}::int
      AND row + "rowSpan" > ${box.row}::int AND col + "colSpan" > ${box.col}::int
    ${lock ? Prisma.sql`ORDER BY id FOR NO KEY UPDATE` : Prisma.empty}`;
}

/** The smallest box covering every given card. */
export function boxAround(cards: readonly CardRect[]): CellBox {
  return {
    row: Math.min(...cards.map((card) => card.row)),
    col: Math.min(...cards.map((card) => card.col)),
    lastRow: Math.max(...cards.map((card) => card.row + card.rowSpan - 1)),
    lastCol: Math.max(...cards.map((card) => card.col + card.colSpan - 1)),
  };
}
