import type { CardView } from "@/lib/board-model/card-selects";
import type { LineView } from "@/lib/board-model/line-selects";
import type { FeedEventInput } from "./record-feed-events";

/** One cards.created|updated event per snap the cards belong to (a batch may span snaps). */
export function cardEvents(type: "cards.created" | "cards.updated", cards: readonly CardView[]): FeedEventInput[] {
  const bySnap = new Map<string, CardView[]>();
  for (const card of cards) {
    const snapCards = bySnap.get(card.snapId);
    if (snapCards) snapCards.push(card);
    else bySnap.set(card.snapId, [card]);
  }
  return [...bySnap].map(([snapId, snapCards]) => ({
    type,
    snapId,
    data: { cards: snapCards },
    idsOnly: () => ({ cardIds: snapCards.map((card) => card.id) }),
  }));
}

export function cardsDeletedEvent(snapId: string, cardIds: string[], lineIds: string[]): FeedEventInput {
  const data = lineIds.length ? { cardIds, lineIds } : { cardIds };
  return { type: "cards.deleted", snapId, data, idsOnly: () => data };
}

export function lineEvent(type: "lines.created" | "lines.updated", line: LineView): FeedEventInput {
  return { type, snapId: line.snapId, data: { lines: [line] }, idsOnly: () => ({ lineIds: [line.id] }) };
}

/** lines.created|updated for the lines of one snap a change wrote together. */
export function linesEvent(type: "lines.created" | "lines.updated", snapId: string, lines: readonly LineView[]): FeedEventInput {
  return { type, snapId, data: { lines: [...lines] }, idsOnly: () => ({ lineIds: lines.map((line) => line.id) }) };
}

export function linesDeletedEvent(snapId: string, lineIds: readonly string[]): FeedEventInput {
  const data = { lineIds: [...lineIds] };
  return { type: "lines.deleted", snapId, data, idsOnly: () => data };
}

export function lineDeletedEvent(snapId: string, lineId: string): FeedEventInput {
  return { type: "lines.deleted", snapId, data: { lineIds: [lineId] }, idsOnly: () => ({ lineIds: [lineId] }) };
}

/** snap.created|updated: the snap's fields, never its cards or lines. */
export function snapEvent(type: "snap.created" | "snap.updated", snap: { id: string; version?: number } & Record<string, unknown>): FeedEventInput {
  const fields = Object.fromEntries(Object.entries(snap).filter(([key]) => key !== "cards" && key !== "lines"));
  return {
    type,
    snapId: snap.id,
    snapVersion: type === "snap.created" ? snap.version : undefined,
    data: { snap: fields },
    idsOnly: () => ({ snapId: snap.id }),
  };
}

export function snapDeletedEvent(
  snapId: string,
  facts: { userId: string; workspaceId: string; sharedWithWorkspace: boolean; version: number },
): FeedEventInput {
  return {
    type: "snap.deleted",
    snapId,
    snapVersion: facts.version,
    data: { snapId },
    idsOnly: () => ({ snapId }),
    deleted: { userId: facts.userId, workspaceId: facts.workspaceId, shared: facts.sharedWithWorkspace },
  };
}
