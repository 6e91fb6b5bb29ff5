import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import { CARD_COLUMN_TYPES } from "../board-model/card-column-types";
import { cardColumnsSql } from "../board-model/card-columns-sql";
import type { CardUpdate } from "../board-model/card-schemas";
import type { CardView } from "../board-model/card-selects";

const columns = Object.entries(CARD_COLUMN_TYPES);
// No card column is nullable, so a field an item leaves out arrives as NULL and keeps its value.
const setList = Prisma.raw(columns.map(([name]) => `"${name}" = COALESCE(v."${name}", c."${name}")`).join(", "));
const recordType = Prisma.raw(["id text", ...columns.map(([name, type]) => `"${name}" ${type}`)].join(", "));

/**
 * Applies partial updates to many cards with one UPDATE ... FROM jsonb_to_recordset(...) RETURNING:
 * one statement whatever the batch size. Callers have locked and authorized the cards; the result
 * comes back in the order of `updates`. The ids are also given as an array: the planner cannot see
 * how many rows the JSON holds (it guesses 100) and joined it to a sequential scan of every card,
 * 6.5 ms at 14,000 cards and growing with the table; `id = ANY(...)` makes it a primary-key lookup.
 */
export async function applyCardUpdates(tx: Tx, updates: readonly (CardUpdate & { id: string })[]): Promise<CardView[]> {
  const rows = await tx.$queryRaw<CardView[]>`
    UPDATE "Card" AS c SET ${setList}, "updatedAt" = now()
    FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS v(${recordType})
    WHERE c.id = v.id AND c.id = ANY(${updates.map((update) => update.id)}::text[])
    RETURNING ${cardColumnsSql}`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return updates.flatMap(({ id }) => byId.get(id) ?? []);
}
