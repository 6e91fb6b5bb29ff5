import type { Viewer } from "@/lib/live/viewer";
import type { BoardCard, BoardLine, BoardSnap } from "../state/board-types";
import type { CommentMessage } from "../comments/comment-types";

/**
 * The messages of GET /api/snaps/:id/events as the board reads them (the contract is docs/API.md,
 * "Live collaboration" section). Ids are the server's; the board translates them to its own.
 */
export interface Actor {
  userId: string;
  name: string;
}

export interface ReadyMessage {
  version: number;
  connectionId: string;
  userId: string;
}

export interface ChangeMessage {
  version: number;
  baseVersion: number | null;
  actor: Actor;
  cards: (BoardCard & { snapId?: string })[];
  /** The fields this write set, per card id: what a conflict notice names. */
  cardFields: Record<string, string[]>;
  deletedCardIds: string[];
  lines: (BoardLine & { snapId?: string })[];
  deletedLineIds: string[];
  snap: (Partial<Omit<BoardSnap, "rowHeights" | "colWidths">> & { rowHeights?: unknown; colWidths?: unknown }) | null;
  /** The write named more cards than a live message carries: `cards` is empty, and a `reset` follows. */
  cardsOmitted?: boolean;
}

export type { Viewer };

export interface PresenceMessage {
  viewers: Viewer[];
}

export type LiveMessage =
  | { type: "ready"; data: ReadyMessage }
  | { type: "change"; data: ChangeMessage }
  | { type: "reset"; data: { version: number } }
  | { type: "presence"; data: PresenceMessage }
  | { type: "access"; data: { access: "read" | "comment" | "edit" | "manage" } }
  | { type: "access-revoked"; data: { message: string } }
  | { type: "deleted"; data: { message: string } }
  | { type: "comment"; data: CommentMessage };

export const LIVE_MESSAGE_TYPES = ["ready", "change", "reset", "presence", "access", "access-revoked", "deleted", "comment"] as const;

/** A `change` message with every list present: the server leaves out what a write did not touch. */
export function readChange(data: Partial<ChangeMessage> & { version: number; actor: { userId: string; name: string | null } }): ChangeMessage {
  return {
    version: data.version,
    baseVersion: data.baseVersion ?? null,
    // The name is null only when the user row is gone.
    actor: { userId: data.actor.userId, name: data.actor.name ?? "Someone" },
    cards: data.cards ?? [],
    cardFields: data.cardFields ?? {},
    deletedCardIds: data.deletedCardIds ?? [],
    lines: data.lines ?? [],
    deletedLineIds: data.deletedLineIds ?? [],
    snap: data.snap ?? null,
    cardsOmitted: data.cardsOmitted === true,
  };
}
