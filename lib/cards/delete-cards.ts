import "server-only";
import type { Tx } from "@/lib/db/run-transaction";

/**
 * Deletes cards and the lines touching them in one statement. Callers have locked and authorized
 * them (and the lines, lockCardLines). The lines are deleted here rather than by the foreign keys'
 * cascade so that the statement, not a trigger at its end, removes them.
 */
export async function deleteCards(tx: Tx, cardIds: readonly string[], lineIds: readonly string[]): Promise<void> {
  if (cardIds.length === 0) return;
  await tx.$executeRaw`
    WITH gone_lines AS (DELETE FROM "Line" WHERE id = ANY(${[...lineIds]}::text[]))
    DELETE FROM "Card" WHERE id = ANY(${[...cardIds]}::text[])`;
}
