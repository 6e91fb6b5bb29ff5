import "server-only";
import type { Tx } from "@/lib/db/run-transaction";

/**
 * Locks the lines touching the given cards, in id order, and returns their ids: they go with the
 * cards, and the change names them. Taken before the snap's lock (cards, lines, snaps: the global
 * lock order); no line can be added meanwhile, as the cards are locked FOR UPDATE.
 */
export async function lockCardLines(tx: Tx, cardIds: readonly string[]): Promise<string[]> {
  if (cardIds.length === 0) return [];
  const ids = [...cardIds];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Line" WHERE "fromCardId" = ANY(${ids}::text[]) OR "toCardId" = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`;
  return rows.map((row) => row.id);
}
