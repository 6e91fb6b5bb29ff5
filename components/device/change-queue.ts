import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { WireRequest } from "@/components/board/live/wire-request";
import { upgradeQueuedRequest } from "./queued-request";

/**
 * One gesture's request, written to the device before it is sent (docs/SAVING.md). `key` is its Idempotency-Key, fixed here, so a retry after a lost answer is
 * applied once.
 */
export interface QueuedChange {
  /** Assigned by the database: the order changes were made in, across the user's boards. */
  seq?: number;
  snapId: string;
  key: string;
  /** The tab that made it: while that tab lives (it holds a Web Lock named by tabLockName) it sends it. */
  tabId: string;
  request: WireRequest;
  /** The snap version the edit was made on (sent as Base-Version). */
  baseVersion: number | null;
  queuedAt: number;
}

/** A card or line made on a board, and the id the server gave it: a later queued change names it by the board's id. */
export interface IdLink {
  snapId: string;
  localId: string;
  serverId: string;
}

interface QueueSchema extends DBSchema {
  changes: { key: number; value: QueuedChange; indexes: { bySnap: string } };
  links: { key: [string, string]; value: IdLink };
}

/** Every database this app keeps on a device starts with "snap-": signing out deletes them all. */
export function queueDatabaseName(userId: string): string {
  return `snap-queue:${userId}`;
}

export function tabLockName(tabId: string): string {
  return `snap-tab:${tabId}`;
}

/**
 * The user's queue of unsent changes on this device (IndexedDB through `idb`): in order, per board,
 * with the ids the server gave to what the queued changes created.
 */
export class ChangeQueue {
  private db: Promise<IDBPDatabase<QueueSchema>> | null = null;

  constructor(private readonly userId: string) {}

  private open(): Promise<IDBPDatabase<QueueSchema>> {
    this.db ??= openDB<QueueSchema>(queueDatabaseName(this.userId), 1, {
      upgrade(db) {
        db.createObjectStore("changes", { keyPath: "seq", autoIncrement: true }).createIndex("bySnap", "snapId");
        db.createObjectStore("links", { keyPath: ["snapId", "localId"] });
      },
      // Another tab (or signing out) deletes or upgrades it: open it again next time.
      blocking: () => this.close(),
      terminated: () => {
        this.db = null;
      },
    });
    return this.db;
  }

  /** Writes a change; its seq once it is on the device. */
  async add(change: QueuedChange): Promise<number> {
    const db = await this.open();
    return db.add("changes", change);
  }

  /** Replaces a change not sent yet (typing merged into it). */
  async replace(change: QueuedChange & { seq: number }): Promise<void> {
    const db = await this.open();
    await db.put("changes", change);
  }

  /** A change answered: gone from the queue, with the ids its answer gave, in one transaction. */
  async settle(seq: number, links: readonly IdLink[] = []): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(["changes", "links"], "readwrite");
    await Promise.all([tx.objectStore("changes").delete(seq), ...links.map((link) => tx.objectStore("links").put(link)), tx.done]);
  }

  /** The changes waiting, oldest first: of one board, or of every board. */
  async list(snapId?: string): Promise<(QueuedChange & { seq: number })[]> {
    const db = await this.open();
    const rows = snapId === undefined ? await db.getAll("changes") : await db.getAllFromIndex("changes", "bySnap", snapId);
    return (rows as (QueuedChange & { seq: number })[]).map((row) => ({ ...row, request: upgradeQueuedRequest(row.request) })).sort((a, b) => a.seq - b.seq);
  }

  async links(snapId: string): Promise<IdLink[]> {
    const db = await this.open();
    return db.getAll("links", IDBKeyRange.bound([snapId, ""], [snapId, "\uffff"]));
  }

  /** The links of a board with nothing queued any more: no queued change can name them. */
  async forgetLinks(snapId: string): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(["changes", "links"], "readwrite");
    if ((await tx.objectStore("changes").index("bySnap").count(snapId)) === 0) {
      await tx.objectStore("links").delete(IDBKeyRange.bound([snapId, ""], [snapId, "\uffff"]));
    }
    await tx.done;
  }

  close(): void {
    const db = this.db;
    this.db = null;
    void db?.then((open) => open.close()).catch(() => undefined);
  }
}

const queues = new Map<string, ChangeQueue>();

/** The user's queue on this device, or null where IndexedDB is not available (changes then live in memory only). */
export function changeQueueFor(userId: string): ChangeQueue | null {
  if (typeof indexedDB === "undefined") return null;
  let queue = queues.get(userId);
  if (!queue) {
    queue = new ChangeQueue(userId);
    queues.set(userId, queue);
  }
  return queue;
}
