import { invertChanges, type Change } from "./board-changes";

interface Entry {
  changes: Change[];
  /** Edits with the same key in quick succession (typing, dragging a slider) undo as one. */
  key?: string;
  at: number;
  /** The store's count of remote changes when the edit was made: what came later is someone else's. */
  mark: number;
  /** A restore of a past version (no changes of its own): undone by restoring `before`, redone by restoring `target`. */
  restore?: { before: number; target: number };
}

/** A step to undo or redo, with the mark of the edit it came from; `restore`: the version to restore instead. */
export interface HistoryStep {
  changes: Change[];
  mark: number;
  restore?: number;
}

const COALESCE_MS = 1500;
const MAX_ENTRIES = 200;

/** The undo and redo stacks of the edits made since the page was opened. */
export class BoardHistory {
  private past: Entry[] = [];
  private future: Entry[] = [];

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  record(changes: Change[], { key, mark = 0, now = Date.now() }: { key?: string; mark?: number; now?: number } = {}): void {
    if (changes.length === 0) return;
    const last = this.past.at(-1);
    if (key && last?.key === key && now - last.at < COALESCE_MS && this.future.length === 0) {
      last.changes = [...last.changes, ...changes];
      last.at = now;
    } else {
      this.past.push({ changes, key, at: now, mark });
      if (this.past.length > MAX_ENTRIES) this.past.shift();
    }
    this.future = [];
  }

  /**
   * A restore of a past version, as one step: the steps before it described a board the restore
   * replaced, so they go (undo never reaches across a restore).
   */
  recordRestore(before: number, target: number, now = Date.now()): void {
    this.past = [{ changes: [], at: now, mark: 0, restore: { before, target } }];
    this.future = [];
  }

  /** The changes that undo the last edit, which moves to the redo stack. */
  undo(): HistoryStep | null {
    const entry = this.past.pop();
    if (!entry) return null;
    this.future.push({ ...entry, key: undefined });
    if (entry.restore) return { changes: [], mark: entry.mark, restore: entry.restore.before };
    return { changes: invertChanges(entry.changes), mark: entry.mark };
  }

  redo(): HistoryStep | null {
    const entry = this.future.pop();
    if (!entry) return null;
    this.past.push(entry);
    if (entry.restore) return { changes: [], mark: entry.mark, restore: entry.restore.target };
    return { changes: entry.changes, mark: entry.mark };
  }

  /** After a failed save the stacks describe a board that no longer exists. */
  clear(): void {
    this.past = [];
    this.future = [];
  }
}
