import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import type { IfMatch } from "@/lib/http/etag";
import type { RangeWrite } from "@/lib/board-model/range-schemas";
import type { CardRect } from "@/lib/board-model/find-card-overlap";
import { assertSnapAccess, snapAccessSelect } from "@/lib/board-model/snap-access";
import { applySnapChangesIn, type SnapChangesResult } from "./apply-snap-changes";
import { readCardTitles } from "@/lib/cards/read-card-rects";

/**
 * PUT /api/snaps/:id/range: a table of titles written as one change (docs/API.md, "Ranges"). The
 * cards of the table's cells are read and locked once; each non-null cell becomes an update of
 * the card whose top-left corner it holds (only when its title differs) or a new card; a cell a
 * larger card covers is refused (409), as writing there would overlap it.
 */
export async function writeRange(
  principal: Principal,
  snapId: string,
  { row, col, values, baseVersion }: RangeWrite,
  { ifMatch }: { ifMatch?: IfMatch } = {},
): Promise<SnapChangesResult> {
  return runTransaction(async (tx) => {
    // Checked before the cells are locked, so that no one locks a snap they may not edit.
    const facts = await tx.snap.findUnique({ where: { id: snapId }, select: snapAccessSelect });
    if (!facts) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, facts, "edit");

    const lastCol = col + Math.max(...values.map((cells) => cells.length)) - 1;
    const cards = lastCol < col ? [] : await readCardTitles(tx, snapId, { row, col, lastRow: row + values.length - 1, lastCol }, { lock: true });
    const cellOf = (r: number, c: number) => r * 2048 + c;
    const cornerAt = new Map(cards.map((card) => [cellOf(card.row, card.col), card]));
    const coverAt = new Map<number, CardRect>();
    for (const card of cards) {
      for (let r = Math.max(card.row, row); r < Math.min(card.row + card.rowSpan, row + values.length); r++) {
        for (let c = Math.max(card.col, col); c <= Math.min(card.col + card.colSpan - 1, lastCol); c++) coverAt.set(cellOf(r, c), card);
      }
    }

    const create: { row: number; col: number; title: string }[] = [];
    const update: { id: string; title: string }[] = [];
    values.forEach((cells, i) =>
      cells.forEach((title, j) => {
        if (title === null) return;
        const at = cellOf(row + i, col + j);
        const corner = cornerAt.get(at);
        if (corner) {
          if (corner.title !== title) update.push({ id: corner.id, title });
          return;
        }
        const cover = coverAt.get(at);
        if (cover) {
          throw new ApiError(
            "CONFLICT",
            `Cell row ${row + i}, col ${col + j} (values.${i}.${j}) is covered by card ${cover.id}, whose top-left cell is row ${cover.row}, col ${cover.col}; write its title there or leave this cell null. Nothing was written`,
            [{ path: `values.${i}.${j}`, message: `Covered by card ${cover.id} (top-left row ${cover.row}, col ${cover.col})` }],
          );
        }
        create.push({ row: row + i, col: col + j, title });
      }),
    );
    return applySnapChangesIn(tx, principal, snapId, { create, update, delete: [], baseVersion }, { ifMatch });
  });
}
