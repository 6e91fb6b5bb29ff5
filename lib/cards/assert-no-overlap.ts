import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import { findCardOverlap, type CardRect } from "@/lib/board-model/find-card-overlap";
import { boxAround, readCardRects } from "./read-card-rects";

/** A card a change created, moved or resized, and the path of its item (`create.3`, `update.12`). */
export interface PlacedCard {
  card: CardRect;
  path: string;
}

/**
 * 409 when a card the change placed overlaps another card once every item is applied, naming both
 * (docs/API.md, "Changes"). One read of the cards around the placed ones, whatever their number;
 * the transaction then rolls back, so nothing is written.
 */
export async function assertNoOverlap(tx: Tx, snapId: string, placed: readonly PlacedCard[]): Promise<void> {
  if (placed.length === 0) return;
  const around = await readCardRects(tx, snapId, boxAround(placed.map((item) => item.card)));
  const overlap = findCardOverlap(
    around,
    placed.map((item) => item.card.id),
  );
  if (!overlap) return;
  const pathOf = new Map(placed.map((item) => [item.card.id, item.path]));
  const name = (card: CardRect) => (pathOf.has(card.id) ? `${pathOf.get(card.id)} (card ${card.id})` : `card ${card.id}`);
  const where = `row ${overlap.row}, col ${overlap.col}`;
  const details: ErrorDetail[] = [{ path: pathOf.get(overlap.card.id)!, message: `Overlaps ${name(overlap.other)} at ${where}` }];
  const otherPath = pathOf.get(overlap.other.id);
  if (otherPath) details.push({ path: otherPath, message: `Overlaps ${name(overlap.card)} at ${where}` });
  throw new ApiError("CONFLICT", `${name(overlap.card)} and ${name(overlap.other)} would overlap at ${where}; nothing was written`, details);
}
