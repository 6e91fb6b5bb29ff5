import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import type { CardView } from "@/lib/board-model/card-selects";
import { cardColumnsSql } from "@/lib/board-model/card-columns-sql";
import { cardEvents } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { cardChangesBySnap } from "@/lib/live/snap-change";
import type { WriteActor } from "@/lib/live/write-actor";

/**
 * A deleted file leaves the attachments of the cards of its snap that carried it, as ONE change of
 * the snap (its version, live event, history entry, cards.updated feed event), in the deletion's
 * transaction (docs/API.md, "Files"). Answers the cards updated.
 */
export async function detachFileFromCards(tx: Tx, actor: WriteActor, snapId: string, fileId: string): Promise<CardView[]> {
  const contains = JSON.stringify([{ id: fileId }]);
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Card" WHERE "snapId" = ${snapId} AND "attachments" @> ${contains}::jsonb ORDER BY id FOR NO KEY UPDATE`;
  if (locked.length === 0) return [];
  const updated = await tx.$queryRaw<CardView[]>`
    UPDATE "Card" AS c SET "attachments" = COALESCE((
        SELECT jsonb_agg(a.file ORDER BY a.n) FROM jsonb_array_elements(c."attachments") WITH ORDINALITY AS a(file, n) WHERE a.file ->> 'id' <> ${fileId}
      ), '[]'::jsonb), "updatedAt" = now()
    WHERE c.id = ANY(${locked.map((card) => card.id)}::text[])
    RETURNING ${cardColumnsSql}`;
  updated.sort((a, b) => a.row - b.row || a.col - b.col);
  await recordSnapChanges(
    tx,
    actor,
    cardChangesBySnap(
      updated,
      updated.map(() => ({ attachments: [] })),
    ),
    [snapHistory({ cards: updated }), feedEvents(cardEvents("cards.updated", updated))],
  );
  return updated;
}
