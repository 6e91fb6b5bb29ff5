import type { StoredEvent } from "./read-catch-up";

/** A stored event as the `change` message; cards are sent as they are now (a later event may follow), within the live bounds. */
export function toChangeMessage({ version, actorUserId, actorName, actorType, actorClientId, actorClientName, payload, cards, cardsOmitted }: StoredEvent) {
  return {
    version,
    baseVersion: payload.baseVersion ?? null,
    // A connected app's write names the app too (its user is the one who allowed it).
    actor:
      actorType === "oauthApp"
        ? { type: "oauthApp" as const, userId: actorUserId, name: actorName, clientId: actorClientId ?? "", clientName: actorClientName ?? "Removed app" }
        : { userId: actorUserId, name: actorName },
    cards,
    cardFields: payload.cardFields ?? {},
    deletedCardIds: payload.deletedCardIds ?? [],
    lines: payload.lines ?? [],
    deletedLineIds: payload.deletedLineIds ?? [],
    snap: payload.snap ?? null,
    // Additive: past the live bounds `cards` is empty, and a `reset` follows (read-catch-up.ts).
    ...(cardsOmitted ? { cardsOmitted: true } : {}),
  };
}
