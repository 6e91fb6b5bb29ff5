import type { Change } from "./board-changes";
import { BoardHistory } from "./board-history";
import { boardReducer, type BoardAction } from "./board-reducer";
import { BoardSync, type Restore, type SaveStatus, type SyncEvents } from "./board-sync";
import type { BoardDoc, BoardSnap } from "./board-types";

export interface Notice {
  id: number;
  message: string;
  tone: "success" | "error";
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
  private status: SaveStatus = "idle";
  private notice: Notice | null = null;
  private historyState: HistoryState = { canUndo: false, canRedo: false };
  private readonly listeners = new Set<() => void>();
  private readonly history = new BoardHistory();
  readonly sync: BoardSync;

  /** createSync: tests can hand in a BoardSync with a fake request function. */
  constructor(initial: BoardDoc, createSync?: (events: SyncEvents) => BoardSync) {
    this.doc = initial;
    const events: SyncEvents = {
      onStatus: (status: SaveStatus) => {
        if (status === this.status) return;
        this.status = status;
        this.emit();
      },
      onFailure: (restore: Restore, message: string) => {
        this.dispatch({ type: "restore", restore });
        this.history.clear();
        this.refreshHistory();
        this.notify(`Couldn't save: ${message.replace(/[.!?]?$/, ".")} The change was undone.`, "error");
      },
    };
    this.sync = createSync ? createSync(events) : new BoardSync(initial.snap.id, initial, events);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getDoc = (): BoardDoc => this.doc;
  getStatus = (): SaveStatus => this.status;
  getNotice = (): Notice | null => this.notice;
  getHistory = (): HistoryState => this.historyState;

  /** An edit: shown at once, recorded for undo (merged with the last one sharing its key), saved. */
  apply(changes: Change[], options: { key?: string } = {}): void {
    if (changes.length === 0) return;
    this.dispatch({ type: "apply", changes });
    this.history.record(changes, options.key);
    this.refreshHistory();
    this.sync.push(changes);
  }

  undo(): void {
    const changes = this.history.undo();
    if (changes) this.replay(changes);
  }

  redo(): void {
    const changes = this.history.redo();
    if (changes) this.replay(changes);
  }

  /** Snap fields a dialog saved itself: shown, and taken as the server's state. */
  snapSaved(snap: Partial<BoardSnap>): void {
    this.dispatch({ type: "snapSaved", snap });
    this.sync.confirmSnap(snap);
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

  private replay(changes: Change[]): void {
    this.dispatch({ type: "apply", changes });
    this.refreshHistory();
    this.sync.push(changes);
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
