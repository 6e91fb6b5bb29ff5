import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { BoardAccess } from "@/components/board/state/board-types";
import type { PackedBoardDoc } from "@/components/board/state/to-board-doc";
import { boardCopiesDatabase } from "./device-databases";

/** The most boards one person keeps on a device, and the most bytes of them (docs/OFFLINE.md, "Bounds"). */
export const MAX_BOARD_COPIES = 50;
export const MAX_BOARD_COPY_BYTES = 50 * 1024 * 1024;

export interface CopyBounds {
  boards: number;
  bytes: number;
}

/** A board as the server had it at `version`, in the shape the board page loads it. */
export interface BoardCopy {
  snapId: string;
  doc: PackedBoardDoc;
  version: number;
  /** What this person could do with it when it was stored: the editor opens with it offline. */
  access: BoardAccess;
}

/** What the bounds are kept with: read without the documents themselves. */
export interface BoardCopyEntry {
  snapId: string;
  title: string;
  /** When this person last opened the board here: the least recent is removed first. */
  openedAt: number;
  /** The length of the document's JSON, what the byte bound adds up. */
  bytes: number;
}

/** A copy as stored: the document as its JSON, which IndexedDB stores as one string (a 10,000-card board is one copy, not 10,000 objects to clone). */
interface StoredCopy extends Omit<BoardCopy, "doc"> {
  json: string;
}

interface BoardCopiesSchema extends DBSchema {
  entries: { key: string; value: BoardCopyEntry; indexes: { openedAt: number } };
  docs: { key: string; value: StoredCopy };
}

/**
 * One person's copies of the boards they opened on this device (IndexedDB `snap-boards:<userId>`),
 * so that a board opened before opens without a network. Bounded by count and by bytes; the
 * least recently opened go first. Entries and documents are two stores so that keeping the bounds
 * reads the small entries only.
 */
export class BoardCopies {
  private constructor(
    private readonly db: IDBPDatabase<BoardCopiesSchema>,
    private readonly bounds: CopyBounds,
  ) {}

  /** bounds: the app's (50 boards, 50 MB); tests pass smaller ones to keep their data small. */
  static async open(userId: string, bounds: CopyBounds = { boards: MAX_BOARD_COPIES, bytes: MAX_BOARD_COPY_BYTES }): Promise<BoardCopies> {
    const db = await openDB<BoardCopiesSchema>(boardCopiesDatabase(userId), 1, {
      upgrade(database) {
        database.createObjectStore("entries", { keyPath: "snapId" }).createIndex("openedAt", "openedAt");
        database.createObjectStore("docs", { keyPath: "snapId" });
      },
      // Signing out deletes this database: let it go rather than hold the deletion up.
      blocking() {
        db.close();
      },
    });
    return new BoardCopies(db, bounds);
  }

  close(): void {
    this.db.close();
  }

  async get(snapId: string): Promise<BoardCopy | undefined> {
    const stored = await this.db.get("docs", snapId);
    if (!stored) return undefined;
    const { json, ...copy } = stored;
    return { ...copy, doc: JSON.parse(json) as BoardCopy["doc"] };
  }

  /** The boards kept, the most recently opened first. */
  async list(): Promise<BoardCopyEntry[]> {
    return (await this.db.getAllFromIndex("entries", "openedAt")).reverse();
  }

  /**
   * Stores a board's copy, replacing the one kept. `opened`: the person opened it now (it becomes the
   * most recent); otherwise it keeps its place. Then removes the least recently opened others until
   * the bounds hold. A board larger than the byte bound alone is not kept (and its old copy goes).
   * Returns whether the copy is kept.
   */
  async put(copy: BoardCopy, { opened, now = Date.now() }: { opened: boolean; now?: number }): Promise<boolean> {
    const { doc, ...fields } = copy;
    const json = JSON.stringify(doc);
    const bytes = json.length;
    const transaction = this.db.transaction(["entries", "docs"], "readwrite");
    const entries = transaction.objectStore("entries");
    const docs = transaction.objectStore("docs");
    if (bytes > this.bounds.bytes) {
      await Promise.all([entries.delete(copy.snapId), docs.delete(copy.snapId), transaction.done]);
      return false;
    }
    const previous = await entries.get(copy.snapId);
    const entry: BoardCopyEntry = { snapId: copy.snapId, title: doc.snap.title, openedAt: opened || !previous ? now : previous.openedAt, bytes };
    await Promise.all([entries.put(entry), docs.put({ ...fields, json })]);

    const all = await entries.index("openedAt").getAll();
    let count = all.length;
    let total = all.reduce((sum, each) => sum + each.bytes, 0);
    for (const oldest of all) {
      if (count <= this.bounds.boards && total <= this.bounds.bytes) break;
      if (oldest.snapId === copy.snapId) continue;
      await Promise.all([entries.delete(oldest.snapId), docs.delete(oldest.snapId)]);
      count -= 1;
      total -= oldest.bytes;
    }
    await transaction.done;
    return true;
  }

  /** Forgets one board (deleted, or this person lost access to it). */
  async delete(snapId: string): Promise<void> {
    const transaction = this.db.transaction(["entries", "docs"], "readwrite");
    await Promise.all([transaction.objectStore("entries").delete(snapId), transaction.objectStore("docs").delete(snapId), transaction.done]);
  }
}
