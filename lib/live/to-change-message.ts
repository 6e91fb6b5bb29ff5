import type { StoredEvent } from "./read-catch-up";

/** A stored event as the `change` message; cards are sent as they are now (a later event may follow). */
export function toChangeMessage({ version, actorUserId, actorName, payload, cards }: StoredEvent) {
  return {
    version,
    baseVersion: payload.baseVersion ?? null,
    actor: { userId: actorUserId, name: actorName },
    cards,
    cardFields: payload.cardFields ?? {},
    deletedCardIds: payload.deletedCardIds ?? [],
    lines: payload.lines ?? [],
    deletedLineIds: payload.deletedLineIds ?? [],
    snap: payload.snap ?? null,
  };
}
