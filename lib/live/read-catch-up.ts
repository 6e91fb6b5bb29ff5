import "server-only";
import { cardSelect } from "@/lib/board-model/card-selects";
import { queryRows } from "@/lib/db/query-rows";
import type { SnapAccessFacts } from "@/lib/board-model/snap-access";
import { snapMembersColumn } from "@/lib/board-model/snap-access";

/** A stored event with what its `change` message needs. */
export interface StoredEvent {
  version: number;
  actorUserId: string;
  actorName: string | null;
  actorType: string;
  actorClientId: string | null;
  actorClientName: string | null;
  payload: Record<string, unknown> & { baseVersion: number | null };
  /** The current rows of the cards the event names (cardFields), in grid order; empty when omitted. */
  cards: unknown[];
  /** The event names more cards than a live message carries (LIVE_CARDS_MAX, LIVE_CARDS_MAX_BYTES). */
  cardsOmitted: boolean;
}

/**
 * A `change` message carries the cards it names up to these bounds (docs/API.md, "Live updates");
 * past them it carries none and `cardsOmitted`, and the stream follows it with a `reset`: a move
 * of 5,000 cards would otherwise be megabytes per viewer, and many such events in one catch-up
 * many times that. A card of long texts weighs up to about 50 kB, so the count alone is no bound.
 */
export const LIVE_CARDS_MAX = 1_000;
export const LIVE_CARDS_MAX_BYTES = 512 * 1024;

/** A snap's state for its streams: current version and access facts, the oldest stored event, the events after a version. */
export interface CatchUp extends SnapAccessFacts {
  version: number;
  oldest: number | null;
  events: StoredEvent[];
}

const CARD_JSON = `json_build_object(${Object.keys(cardSelect)
  .map((column) => `'${column}', c."${column}"`)
  .join(", ")})`;
// The snap's current version and access facts, the oldest stored event, and every stored event
// after $2 with its actor's name and the current rows of the cards it names (none past the bounds
// above: the rows are not even read past the count): one statement per notification per snap,
// shared by all of this instance's streams on it.
const CATCH_UP_SQL = `
  SELECT s.version, s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumn("s")},
    (SELECT min(e.version) FROM "SnapEvent" AS e WHERE e."snapId" = s.id) AS oldest,
    COALESCE((SELECT json_agg(json_build_object('version', e.version, 'actorUserId', e."actorUserId",
                'actorName', COALESCE(u.name, u.email), 'actorType', e."actorType", 'actorClientId', e."actorClientId",
                'actorClientName', (SELECT oc.name FROM "OAuthClient" AS oc WHERE oc.id = e."actorClientId"), 'payload', e.payload,
                'cards', CASE WHEN fits.ok THEN named.cards ELSE '[]'::json END, 'cardsOmitted', NOT fits.ok)
                ORDER BY e.version)
              FROM "SnapEvent" AS e LEFT JOIN "User" AS u ON u.id = e."actorUserId",
              LATERAL (SELECT CASE WHEN (SELECT count(*) FROM jsonb_object_keys(COALESCE(e.payload->'cardFields', '{}'))) <= ${LIVE_CARDS_MAX}
                THEN COALESCE((SELECT json_agg(${CARD_JSON} ORDER BY c.row, c.col, c.id) FROM "Card" AS c
                               WHERE c."snapId" = s.id AND c.id IN (SELECT jsonb_object_keys(COALESCE(e.payload->'cardFields', '{}')))), '[]') END AS cards) AS named,
              LATERAL (SELECT named.cards IS NOT NULL AND octet_length(named.cards::text) <= ${LIVE_CARDS_MAX_BYTES} AS ok) AS fits
              WHERE e."snapId" = s.id AND e.version > $2), '[]'::json) AS events
  FROM "Snap" AS s WHERE s.id = $1`;

/** The snap's catch-up after version `from`; null when the snap is gone. */
export async function readCatchUp(snapId: string, from: number): Promise<CatchUp | null> {
  const [row] = await queryRows<CatchUp>(CATCH_UP_SQL, [snapId, from]);
  return row ?? null;
}
