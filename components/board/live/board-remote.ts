import type { BoardSync, SavedWrite } from "./board-sync";
import type { ServerState } from "./server-state";
import type { BoardCard, BoardDoc } from "../state/board-types";
import { cardIndex } from "../grid/card-index";
import { conflictMessage, findConflicts } from "./conflict-notice";
import type { ChangeMessage, ReadyMessage } from "./live-messages";
import { remoteState, touchedKeys, withPending, type RemoteIds } from "./remote-change";
import type { SnapSource } from "../state/to-board-doc";

/** What RemoteChanges needs of the store. */
export interface RemoteHost {
  readonly sync: BoardSync;
  /** Changes wait while the rest of the board's cards is on its way (they may name those cards). */
  readonly loadingRest: boolean;
  getDoc(): BoardDoc;
  applyRemote(state: ServerState, touched: string[], actor: string): void;
  notify(message: string, tone: "success" | "error" | "info"): void;
}

/**
 * Other people's writes, as `change` events of the snap's stream, applied to the board.
 *
 * Own writes come back as events too. Their versions are learnt from the Snap-Version header of
 * the responses; while a request is on its way an event might be its echo, so events wait until
 * nothing is in flight, then those with an own version are dropped. Applied events land under the
 * board's unsaved edits (withPending), and meeting one of them is said in a notice.
 */
export class RemoteChanges {
  private applied: number;
  private readonly own = new Set<number>();
  private waiting: ChangeMessage[] = [];
  /** Versions of changes that came without their cards (cardsOmitted): the `reset` after each re-reads the snap. */
  private readonly omitted = new Set<number>();
  /** Those of them that were this board's own writes: nothing to read again. */
  private readonly ownOmitted = new Set<number>();
  /** The re-reads those resets asked for, made once the board's own requests are answered. */
  private rereads: { version: number; reread: () => void }[] = [];
  /** `${localId}:${field}` → the version at which this board last saved that field. */
  private readonly savedFields = new Map<string, number>();
  /** Who I am on the stream (its `ready` message): my changes from another tab are not conflicts. */
  private userId: string | null = null;
  /** The card whose text is open in the inline editor here. */
  private editingCardId: string | null = null;

  constructor(
    private readonly host: RemoteHost,
    version: number,
  ) {
    this.applied = version;
  }

  /** The snap version this board has seen: the base of edits made now. */
  get version(): number {
    return this.applied;
  }

  /** The stream's `ready`: a board that did not know its version starts from the stream's. */
  connected(ready: ReadyMessage): void {
    this.userId = ready.userId;
    if (this.applied === 0) this.applied = ready.version;
  }

  setEditing(cardId: string | null): void {
    this.editingCardId = cardId;
  }

  saved(write: SavedWrite): void {
    this.own.add(write.version);
    for (const { id, fields } of write.cards ?? []) {
      for (const field of fields) {
        this.savedFields.set(`${id}:${field}`, write.version);
      }
    }
  }

  receive(change: ChangeMessage): void {
    if (change.version <= this.applied) return;
    if (change.cardsOmitted) this.omitted.add(change.version);
    this.waiting.push(change);
    this.drain();
  }

  /**
   * The stream's `reset`: the snap is read again (`reread`), except after a change of this
   * board's own too large to carry its cards, which the board already shows. Which one it was is
   * known once the board's requests are answered, so such a reset waits for that.
   */
  reset(version: number, reread: () => void): void {
    if (!this.omitted.has(version)) return reread();
    this.rereads.push({ version, reread });
    this.drain();
  }

  /** Applies the events that waited for the board's requests to be answered, in version order. */
  drain(): void {
    if (this.host.sync.sending || this.host.loadingRest) return;
    const events = this.waiting.sort((a, b) => a.version - b.version);
    this.waiting = [];
    for (const change of events) {
      if (change.version <= this.applied) continue;
      this.applied = change.version;
      if (this.own.delete(change.version)) {
        if (change.cardsOmitted) this.ownOmitted.add(change.version);
        continue;
      }
      this.apply(change);
    }
    const rereads = this.rereads;
    this.rereads = [];
    for (const { version, reread } of rereads) {
      this.omitted.delete(version);
      if (!this.ownOmitted.delete(version)) reread();
    }
  }

  /** After a `reset`: the snap as the server has it now replaces what the board knew. */
  resetTo(snap: SnapSource & { version: number }): void {
    const { sync, getDoc } = this.host;
    const known = (ids: string[]) => new Set(ids);
    const cardIds = known(snap.cards.map((card) => card.id));
    const lineIds = known(snap.lines.map((line) => line.id));
    const doc = getDoc();
    const serverIds = (items: { id: string }[], keep: Set<string>) =>
      items.flatMap((item) => {
        const id = sync.serverIdOf(item.id);
        return id && !keep.has(id) ? [id] : [];
      });
    this.waiting = [];
    this.own.clear();
    this.applied = snap.version - 1;
    this.receive({
      version: snap.version,
      baseVersion: null,
      actor: { userId: "", name: "Someone" },
      cards: snap.cards,
      cardFields: {},
      deletedCardIds: serverIds(doc.cards, cardIds),
      lines: snap.lines,
      deletedLineIds: serverIds(doc.lines, lineIds),
      snap,
    });
  }

  /**
   * An event's cards are read when the stream sends it, which may be before a save of this board
   * that the server took after it (the event waited while the save was on its way): a field this
   * board saved at a later version than the event's keeps the board's value, which is the newer.
   */
  private withNewerSaves(state: ServerState, version: number): ServerState {
    if (this.savedFields.size === 0 || !state.upsertCards?.length) return state;
    const index = cardIndex(this.host.getDoc().cards);
    const upsertCards = state.upsertCards.map((card) => {
      const mine = index.get(card.id);
      if (!mine) return card;
      let kept: BoardCard | null = null;
      for (const field of Object.keys(card) as (keyof BoardCard)[]) {
        if ((this.savedFields.get(`${card.id}:${field}`) ?? 0) <= version) continue;
        kept ??= { ...card };
        Object.assign(kept, { [field]: mine[field] });
      }
      return kept ?? card;
    });
    return { ...state, upsertCards };
  }

  private apply(change: ChangeMessage): void {
    const { sync, getDoc } = this.host;
    const ids: RemoteIds = { localId: sync.localIdOf, deletedHere: sync.deletedHere };
    const doc = getDoc();
    const conflicts =
      change.actor.userId === this.userId
        ? []
        : findConflicts(change, {
            ids,
            cardById: (id) => doc.cards.find((card) => card.id === id),
            pendingCard: sync.pendingCard,
            editingCardId: this.editingCardId,
            savedAt: (id, field) => this.savedFields.get(`${id}:${field}`),
          });
    const state = this.withNewerSaves(remoteState(change, ids), change.version);
    const touched = touchedKeys(change, ids);
    sync.acceptRemote(state, change.version);
    this.host.applyRemote(withPending(state, sync.pendingCard, sync.pendingSnapPatch), touched, change.actor.name);
    // A write of theirs that mine replaced after waiting is named by my change's answer (BoardSync's onMerged).
    const message = conflictMessage(change.actor.name, conflicts);
    if (message) this.host.notify(message, "info");
  }
}
