import type { Change } from "./board-changes";
import { BoardHistory, type HistoryStep } from "./board-history";
import { boardReducer, type BoardAction } from "./board-reducer";
import { RemoteChanges } from "../live/board-remote";
import { BoardSync, type SaveState, type SyncEvents } from "../live/board-sync";
import type { ServerState } from "../live/server-state";
import { serverStateChanges } from "../live/server-state-changes";
import { mergeNotice, type MergeReport } from "../live/merge-notice";
import { cardName } from "../live/conflict-notice";
import type { BoardCard, BoardDoc, BoardSnap } from "./board-types";
import { cardIndex } from "../grid/card-index";
import { guardUndo, type RemoteTouch } from "./undo-guard";

export interface Notice {
  id: number;
  message: string;
  tone: "success" | "error" | "info";
}

export interface HistoryState {
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * The editor's state outside React: the document (through boardReducer), the undo history and the
 * save queue. Event handlers read the current document here synchronously, however fast edits
 * come; components subscribe with useSyncExternalStore.
 */
export class BoardStore {
  private doc: BoardDoc;
  private saveState: SaveState = { phase: "idle", pending: 0 };
  private notice: Notice | null = null;
  private historyState: HistoryState = { canUndo: false, canRedo: false };
  private readonly listeners = new Set<() => void>();
  private readonly history = new BoardHistory();
  /** Other people's changes so far, and what each last touched: undo leaves those alone. */
  private remoteSeq = 0;
  private readonly touches = new Map<string, RemoteTouch>();
  /** The cards the page sends after the first window (docs/ARCHITECTURE.md, "The board in the browser: loading"). */
  private rest: "loading" | "loaded" | "failed";
  readonly sync: BoardSync;
  readonly remote: RemoteChanges;
  /** What the answers of the changes on their way met (docs/SAVING.md), said when they are all answered. */
  private merged: MergeReport = { overwritten: [], deleted: [] };
  private readonly mergedNames = new Map<string, string>();

  /**
   * createSync: tests can hand in a BoardSync with a fake request function.
   * version: the snap version the initial document is at (0 when unknown).
   * restToCome: the initial document holds only the first window's cards; receiveRest brings the others.
   */
  constructor(initial: BoardDoc, createSync?: (events: SyncEvents) => BoardSync, version = 0, restToCome = false) {
    this.doc = initial;
    this.rest = restToCome ? "loading" : "loaded";
    this.remote = new RemoteChanges(this, version);
    const events: SyncEvents = {
      onState: (state: SaveState) => {
        this.saveState = state;
        this.emit();
      },
      onRefused: (state: ServerState, message: string) => {
        this.applyServerState(state);
        this.history.clear();
        this.refreshHistory();
        this.notify(`Couldn't save: ${message.replace(/[.!?]?$/, ".")} The change was undone.`, "error");
      },
      baseVersion: () => this.remote.version,
      onSaved: (saved) => this.remote.saved(saved),
      onMerged: (report) => {
        const index = cardIndex(this.doc.cards);
        // A card a live event already took off the board was said then ("… deleted … while you were editing it").
        const deleted = report.deleted.filter((item) => index.has(item.cardId));
        for (const { cardId } of deleted) this.mergedNames.set(cardId, cardName(index.get(cardId)!));
        this.applyServerState({ removeCards: deleted.map((item) => item.cardId) });
        // Said once the queue is through: changes sent one by one after a wait make one notice.
        this.merged.overwritten.push(...report.overwritten);
        this.merged.deleted.push(...deleted);
      },
      onSettled: () => {
        this.sayMerged();
        this.remote.drain();
      },
    };
    this.sync = createSync ? createSync(events) : new BoardSync(initial.snap.id, initial, events);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getDoc = (): BoardDoc => this.doc;
  getSaveState = (): SaveState => this.saveState;
  getNotice = (): Notice | null => this.notice;
  getHistory = (): HistoryState => this.historyState;

  /**
   * An edit: shown at once, recorded for undo (merged with the last one sharing its key), saved.
   * baseVersion: the snap version the edit was based on, when it began earlier (an inline edit).
   */
  apply(changes: Change[], options: { key?: string; baseVersion?: number } = {}): void {
    if (changes.length === 0) return;
    this.keepConfirmed(changes);
    this.dispatch({ type: "apply", changes });
    this.history.record(changes, { key: options.key, mark: this.remoteSeq });
    this.refreshHistory();
    this.sync.push(changes, options.baseVersion, options.key);
  }

  undo(): void {
    this.replay(this.history.undo(), "Undo");
  }

  redo(): void {
    this.replay(this.history.redo(), "Redo");
  }

  /** True while the rest of the board's cards is on its way: other people's changes wait for it. */
  get loadingRest(): boolean {
    return this.rest === "loading";
  }

  /**
   * Whether an edit planned over the whole board (a move, a resize, a new card, a removed track)
   * may go ahead: not before every card is known, since it could land on one not yet loaded.
   * Says why in a notice when not.
   */
  requireWholeBoard(): boolean {
    if (this.rest === "loaded") return true;
    this.notify(
      this.rest === "loading" ? "The board is still loading. Try again in a moment." : "Part of this board could not be loaded. Reload the page to edit it.",
      "error",
    );
    return false;
  }

  /**
   * Cards of the rest of the board, as the server had them: the ones this board already knows
   * are left as they are, and a card deleted here is not brought back.
   */
  receiveRest = (cards: BoardCard[]): void => {
    const known = cardIndex(this.doc.cards);
    const fresh = cards.filter((card) => !known.has(card.id) && !this.sync.deletedHere(card.id));
    // Not kept as confirmed state: an untouched card is as the server has it (BoardSync.keepConfirmed).
    this.applyServerState({ upsertCards: fresh });
  };

  /** Every card is in: other people's changes that waited for them are applied. */
  restComplete = (): void => {
    this.rest = "loaded";
    this.remote.drain();
  };

  /** The rest of the board could not be sent: the board stays as it is, and says so. */
  restFailed = (): void => {
    this.rest = "failed";
    this.notify("Part of this board could not be loaded. Reload the page to see all of it.", "error");
    this.remote.drain();
  };

  /** Someone else's write, already laid under this board's unsaved edits. */
  applyRemote(state: ServerState, touched: string[], actor: string): void {
    this.remoteSeq += 1;
    for (const key of touched) this.touches.set(key, { seq: this.remoteSeq, actor });
    this.applyServerState(state);
  }

  /**
   * The snap as a dialog's own save answered it (the settings and share dialogs): shown, and taken
   * as the server's state, except the fields this board is still saving itself (an inline rename
   * waiting for its quiet moment, or on its way). The answer may have been read before that save
   * reached the server; the board's value is the newer one, and that save's answer confirms it.
   */
  snapSaved(snap: Partial<BoardSnap>): void {
    const saving = this.sync.savingSnapFields();
    const taken = Object.fromEntries(Object.entries(snap).filter(([field]) => !saving.has(field))) as Partial<BoardSnap>;
    this.applyServerState({ snap: taken });
    this.sync.confirmSnap(taken);
  }

  notify(message: string, tone: Notice["tone"] = "success"): void {
    this.notice = { id: (this.notice?.id ?? 0) + 1, message, tone };
    this.emit();
  }

  dismissNotice = (): void => {
    if (!this.notice) return;
    this.notice = null;
    this.emit();
  };

  /**
   * A past version was restored (POST /api/snaps/:id/restore) from `before`, the version the board
   * was at: one step to undo (restoring `before` again), and nothing older to undo across it.
   * `restoreVersion` restores a version for the undo and the redo: null when done, else why not.
   */
  restored(before: number, target: number, restoreVersion: (version: number) => Promise<string | null>): void {
    this.restoreVersion = restoreVersion;
    this.history.recordRestore(before, target);
    this.refreshHistory();
  }

  private restoreVersion: ((version: number) => Promise<string | null>) | null = null;

  /** An undo or redo of a restore: the version restored (a new version of its own, for everyone). */
  private async replayRestore(version: number, verb: "Undo" | "Redo"): Promise<void> {
    const failure = this.restoreVersion ? await this.restoreVersion(version) : "Reload the page and restore it from the history.";
    if (failure) {
      // The stacks describe a restore that did not happen.
      this.history.clear();
      this.refreshHistory();
      this.notify(`${verb} failed: ${failure.replace(/[.!?]?$/, ".")}`, "error");
      return;
    }
    this.notify(`${verb === "Undo" ? "Undone" : "Redone"}: restored version ${version}`);
  }

  /** An undo or redo step, without what would revert someone else's later edit (said in a notice). */
  private replay(step: HistoryStep | null, verb: "Undo" | "Redo"): void {
    if (!step) return;
    if (step.restore !== undefined) {
      this.refreshHistory();
      void this.replayRestore(step.restore, verb);
      return;
    }
    const { changes, skippedFor } = guardUndo(step.changes, this.touches, step.mark);
    this.keepConfirmed(changes);
    this.dispatch({ type: "apply", changes });
    this.refreshHistory();
    this.sync.push(changes);
    if (skippedFor.length) {
      const who = skippedFor.join(" and ");
      this.notify(
        changes.length
          ? `${verb} left out what ${who} changed since; the rest was ${verb === "Undo" ? "undone" : "redone"}.`
          : `${verb} skipped: ${who} has changed this since, and ${verb.toLowerCase()} never reverts someone else's edit.`,
        "info",
      );
    }
  }

  private keepConfirmed(changes: readonly Change[]): void {
    const index = cardIndex(this.doc.cards);
    this.sync.keepConfirmed(changes, (id) => index.get(id));
  }

  private sayMerged(): void {
    const report = this.merged;
    if (report.overwritten.length === 0 && report.deleted.length === 0) return;
    const names = new Map(this.mergedNames);
    this.merged = { overwritten: [], deleted: [] };
    this.mergedNames.clear();
    this.notify(
      mergeNotice(report, (id) => names.get(id) ?? "A card"),
      "info",
    );
  }

  /** The server's state, as the changes that reach it from what the board shows: the same apply as a gesture's, not recorded for undo. */
  private applyServerState(state: ServerState): void {
    const changes = serverStateChanges(this.doc, state);
    if (changes.length) this.dispatch({ type: "apply", changes });
  }

  private dispatch(action: BoardAction): void {
    this.doc = boardReducer(this.doc, action);
    this.emit();
  }

  private refreshHistory(): void {
    const { canUndo, canRedo } = this.history;
    if (canUndo !== this.historyState.canUndo || canRedo !== this.historyState.canRedo) {
      this.historyState = { canUndo, canRedo };
      this.emit();
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
