import "server-only";
import type { Tx } from "@/lib/db/run-transaction";

/** Who wrote something, as a merge report names them (null userId: the account is gone). */
export interface MergeActor {
  userId: string | null;
  name: string;
}

/** A field this change set on a card over someone else's value written since its base version. */
export interface OverwrittenField {
  cardId: string;
  field: string;
  by: MergeActor;
  /** The version their write made. */
  version: number;
  /** Their value, which this change replaced (it stays in the snap's history). */
  value: unknown;
}

/** A card this change named that is not in the snap any more, and who deleted it, when the kept events tell. */
export interface MissingCard {
  cardId: string;
  deletedBy: MergeActor | null;
  version: number | null;
}

interface FieldWrite {
  cardId: string;
  field: string;
  version: number;
  userId: string | null;
  name: string | null;
}

/**
 * The fields of `update` that someone other than `userId` wrote after `baseVersion` (the
 * Base-Version note of a change made earlier, offline say), with their values as they are before
 * this change replaces them: the later write wins, and the value that loses is named (docs/SAVING.md,
 * "When someone else changed the same thing"). Read from the snap's kept events (the last 500), one
 * row per card field written, only for the cards named; then the current values of the cards hit.
 * Runs before the update, with the cards locked.
 */
export async function readOverwritten(
  tx: Tx,
  snapId: string,
  baseVersion: number,
  userId: string,
  update: readonly ({ id: string } & Record<string, unknown>)[],
): Promise<OverwrittenField[]> {
  if (update.length === 0) return [];
  const ids = update.map((item) => item.id);
  const writes = await tx.$queryRaw<FieldWrite[]>`
    SELECT DISTINCT ON (f.key, field) f.key AS "cardId", field, e.version, e."actorUserId" AS "userId", COALESCE(u.name, u.email) AS name
    FROM "SnapEvent" AS e LEFT JOIN "User" AS u ON u.id = e."actorUserId",
      jsonb_each(COALESCE(e.payload->'cardFields', '{}')) AS f(key, value),
      jsonb_array_elements_text(f.value) AS field
    WHERE e."snapId" = ${snapId} AND e.version > ${baseVersion} AND e."actorUserId" IS DISTINCT FROM ${userId} AND f.key = ANY(${ids}::text[])
    ORDER BY f.key, field, e.version DESC`;
  if (writes.length === 0) return [];
  const items = new Map(update.map((item) => [item.id, item]));
  const hits = writes.filter((write) => write.field in (items.get(write.cardId) ?? {}));
  if (hits.length === 0) return [];
  const hitIds = [...new Set(hits.map((write) => write.cardId))];
  const rows = await tx.$queryRaw<{ id: string; card: Record<string, unknown> }[]>`
    SELECT c.id, to_jsonb(c) AS card FROM "Card" AS c WHERE c.id = ANY(${hitIds}::text[])`;
  const current = new Map(rows.map((row) => [row.id, row.card]));
  return hits.flatMap((write) => {
    const value = current.get(write.cardId)?.[write.field] ?? null;
    // Setting the value they set overwrites nothing.
    if (JSON.stringify(value) === JSON.stringify(items.get(write.cardId)?.[write.field])) return [];
    return [{ cardId: write.cardId, field: write.field, by: actor(write), version: write.version, value }];
  });
}

/** Who deleted each of these cards of the snap, from its kept events (the latest delete naming it). */
export async function readMissing(tx: Tx, snapId: string, cardIds: readonly string[]): Promise<MissingCard[]> {
  if (cardIds.length === 0) return [];
  const ids = [...cardIds];
  const rows = await tx.$queryRaw<{ cardId: string; version: number; userId: string | null; name: string | null }[]>`
    SELECT DISTINCT ON (d.id) d.id AS "cardId", e.version, e."actorUserId" AS "userId", COALESCE(u.name, u.email) AS name
    FROM "SnapEvent" AS e LEFT JOIN "User" AS u ON u.id = e."actorUserId",
      jsonb_array_elements_text(COALESCE(e.payload->'deletedCardIds', '[]')) AS d(id)
    WHERE e."snapId" = ${snapId} AND d.id = ANY(${ids}::text[])
    ORDER BY d.id, e.version DESC`;
  const byId = new Map(rows.map((row) => [row.cardId, row]));
  return ids.map((cardId) => {
    const row = byId.get(cardId);
    return row ? { cardId, deletedBy: actor(row), version: row.version } : { cardId, deletedBy: null, version: null };
  });
}

function actor(row: { userId: string | null; name: string | null }): MergeActor {
  return { userId: row.userId, name: row.name ?? "Someone" };
}
