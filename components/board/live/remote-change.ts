import type { ServerState } from "./server-state";
import type { BoardCard, BoardSnap, CardPatch, SnapPatch } from "../state/board-types";
import type { ChangeMessage } from "./live-messages";
import { pickBoardSnap, toBoardCard } from "../state/to-board-doc";

/** How the board's ids relate to the server's (BoardSync keeps the map). */
export interface RemoteIds {
  /** The board's id for a server id: the same id for anything this board did not create. */
  localId(serverId: string): string;
  /** A card or line this board deleted after `version`: such a late event must not bring it back. */
  deletedHere(serverId: string, version: number): boolean;
}

/**
 * The server's state after someone else's write, in the board's ids: what the board takes as
 * confirmed, before its own unsaved edits are laid over it (withPending).
 */
export function remoteState(change: ChangeMessage, ids: RemoteIds): ServerState {
  const state: ServerState = {
    upsertCards: change.cards.filter((card) => !ids.deletedHere(card.id, change.version)).map((card) => ({ ...toBoardCard(card), id: ids.localId(card.id) })),
    removeCards: change.deletedCardIds.map((id) => ids.localId(id)),
    upsertLines: change.lines
      .filter((line) => !ids.deletedHere(line.id, change.version))
      .map((line) => ({
        id: ids.localId(line.id),
        fromCardId: ids.localId(line.fromCardId),
        toCardId: ids.localId(line.toCardId),
        color: line.color,
        style: line.style,
        arrow: line.arrow,
      })),
    removeLines: change.deletedLineIds.map((id) => ids.localId(id)),
  };
  if (change.snap) state.snap = remoteSnap(change.snap);
  return state;
}

/** A live change's snap fields in the board's shape (its id is the board's own). */
function remoteSnap(snap: NonNullable<ChangeMessage["snap"]>): Partial<BoardSnap> {
  const fields = pickBoardSnap(snap);
  delete fields.id;
  return fields;
}

/**
 * The remote state with this board's unsaved edits laid over it, so a remote change lands under
 * them instead of clobbering them (they are still sent, and win, when their save goes out).
 */
export function withPending(state: ServerState, pendingCard: (localId: string) => CardPatch | undefined, pendingSnap: SnapPatch): ServerState {
  const cards: BoardCard[] | undefined = state.upsertCards?.map((card) => ({ ...card, ...pendingCard(card.id) }));
  const snap = state.snap && { ...state.snap, ...pick(pendingSnap, Object.keys(state.snap)) };
  return { ...state, upsertCards: cards, snap };
}

function pick<T extends object>(source: T, keys: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(source).filter(([key]) => keys.includes(key))) as Partial<T>;
}

/**
 * What a change touched, as keys the undo guard knows: `card:<id>` (any change, incl. create and
 * delete), `card:<id>:<field>`, `line:<id>`, `snap:<field>` — in the board's ids.
 */
export function touchedKeys(change: ChangeMessage, ids: RemoteIds): string[] {
  const keys: string[] = [];
  for (const card of change.cards) {
    const id = ids.localId(card.id);
    keys.push(`card:${id}`);
    for (const field of change.cardFields[card.id] ?? []) keys.push(`card:${id}:${field}`);
  }
  for (const id of change.deletedCardIds) keys.push(`card:${ids.localId(id)}`);
  for (const line of change.lines) keys.push(`line:${ids.localId(line.id)}`);
  for (const id of change.deletedLineIds) keys.push(`line:${ids.localId(id)}`);
  for (const field of Object.keys(change.snap ?? {})) keys.push(`snap:${field}`);
  return keys;
}
