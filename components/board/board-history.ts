import { invertChanges, type Change } from "./board-changes";

interface Entry {
  changes: Change[];
  /** Edits with the same key in quick succession (typing, dragging a slider) undo as one. */
  key?: string;
  at: number;
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

  record(changes: Change[], key?: string, now = Date.now()): void {
    if (changes.length === 0) return;
    const last = this.past.at(-1);
    if (key && last?.key === key && now - last.at < COALESCE_MS && this.future.length === 0) {
      last.changes = [...last.changes, ...changes];
      last.at = now;
    } else {
      this.past.push({ changes, key, at: now });
      if (this.past.length > MAX_ENTRIES) this.past.shift();
    }
    this.future = [];
  }

  /** The changes that undo the last edit, which moves to the redo stack. */
  undo(): Change[] | null {
    const entry = this.past.pop();
    if (!entry) return null;
    this.future.push({ ...entry, key: undefined });
    return invertChanges(entry.changes);
  }

  redo(): Change[] | null {
    const entry = this.future.pop();
    if (!entry) return null;
    this.past.push(entry);
    return entry.changes;
  }

  /** After a failed save the stacks describe a board that no longer exists. */
  clear(): void {
    this.past = [];
    this.future = [];
  }
}
