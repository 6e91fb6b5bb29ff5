import { KeyedBatch } from "./keyed-batch";
import type { Viewer } from "./viewer";

/** What instances tell each other on the snap_presence channel (JSON). */
export type PresenceMessage =
  /** The sender's full list of viewers of a snap; `ask`: others answer with theirs (a new instance). */
  | { t: "state"; i: string; s: string; v: Viewer[]; ask?: boolean }
  /** PUT /api/snaps/:id/presence, for whichever instance holds the connection. */
  | { t: "edit"; s: string; c: string; u: string; e: string | null };

export const PRESENCE_HEARTBEAT_MS = 10_000;
/** A remote instance's viewers are dropped after this long without its heartbeat (it crashed). */
export const PRESENCE_EXPIRY_MS = 30_000;
/** NOTIFY payloads end at 8000 bytes: one instance announces at most this many viewers per snap. */
const MAX_VIEWERS_PER_MESSAGE = 40;
/**
 * Announcements of one snap within this window go out as one: 200 streams joining at once make one
 * message, not 200 (each carrying the whole list).
 */
export const PRESENCE_BATCH_MS = 50;

/**
 * Who views which snap, across app instances: this instance's own viewers (its open streams), and,
 * for the snaps viewed here, the latest list every other instance announced, each expiring unless
 * refreshed by a heartbeat.
 * `publish` sends a message to all instances; `changed` is called when a snap's merged list changed.
 */
export class PresenceRegistry {
  private readonly local = new Map<string, Map<string, Viewer>>();
  private readonly remote = new Map<string, Map<string, { viewers: Viewer[]; expiresAt: number }>>();
  /** Snaps to announce at the end of the batch window, with whether to ask the others. */
  private readonly announcements = new KeyedBatch<boolean>(
    PRESENCE_BATCH_MS,
    (ask, next) => ask || next,
    (snapId, ask) => this.publishState(snapId, ask),
  );

  constructor(
    private readonly instanceId: string,
    private readonly publish: (message: PresenceMessage) => void,
    private readonly changed: (snapId: string) => void,
  ) {}

  join(snapId: string, viewer: Viewer): void {
    const viewers = this.local.get(snapId) ?? new Map<string, Viewer>();
    const first = viewers.size === 0;
    viewers.set(viewer.connectionId, viewer);
    this.local.set(snapId, viewers);
    this.announce(snapId, first);
    this.changed(snapId);
  }

  leave(snapId: string, connectionId: string): void {
    const viewers = this.local.get(snapId);
    if (!viewers?.delete(connectionId)) return;
    if (viewers.size === 0) {
      this.local.delete(snapId);
      this.remote.delete(snapId);
    }
    this.announce(snapId);
    this.changed(snapId);
  }

  /** Marks the card a viewer edits, if the connection is this instance's and the user's own. */
  setEditing(snapId: string, connectionId: string, userId: string, editingCardId: string | null): boolean {
    const viewer = this.local.get(snapId)?.get(connectionId);
    if (!viewer || viewer.userId !== userId) return false;
    if (viewer.editingCardId !== editingCardId) {
      viewer.editingCardId = editingCardId;
      this.announce(snapId);
      this.changed(snapId);
    }
    return true;
  }

  /** Everyone viewing the snap on every instance, in a stable order. */
  viewers(snapId: string): Viewer[] {
    const all = [...(this.local.get(snapId)?.values() ?? [])];
    for (const entry of this.remote.get(snapId)?.values() ?? []) all.push(...entry.viewers);
    return all.sort((a, b) => a.name.localeCompare(b.name) || a.connectionId.localeCompare(b.connectionId));
  }

  receive(message: PresenceMessage): void {
    if (message.t === "edit") {
      this.setEditing(message.s, message.c, message.u, message.e);
      return;
    }
    // Other instances' lists are kept only for snaps viewed here; a first local viewer asks for them.
    if (message.i === this.instanceId || !this.local.has(message.s)) return;
    const instances = this.remote.get(message.s) ?? new Map<string, { viewers: Viewer[]; expiresAt: number }>();
    if (message.v.length === 0) instances.delete(message.i);
    else instances.set(message.i, { viewers: message.v, expiresAt: Date.now() + PRESENCE_EXPIRY_MS });
    if (instances.size === 0) this.remote.delete(message.s);
    else this.remote.set(message.s, instances);
    if (message.ask) this.announce(message.s);
    this.changed(message.s);
  }

  /** Every PRESENCE_HEARTBEAT_MS: re-announce this instance's viewers; drop silent instances' ones. */
  heartbeat(): void {
    for (const snapId of this.local.keys()) this.announce(snapId);
    const now = Date.now();
    for (const [snapId, instances] of this.remote) {
      let expired = false;
      for (const [instanceId, entry] of instances) {
        if (entry.expiresAt > now) continue;
        instances.delete(instanceId);
        expired = true;
      }
      if (instances.size === 0) this.remote.delete(snapId);
      if (expired) this.changed(snapId);
    }
  }

  private announce(snapId: string, ask = false): void {
    this.announcements.add(snapId, ask);
  }

  private publishState(snapId: string, ask: boolean): void {
    const viewers = [...(this.local.get(snapId)?.values() ?? [])].slice(0, MAX_VIEWERS_PER_MESSAGE);
    this.publish({ t: "state", i: this.instanceId, s: snapId, v: viewers, ...(ask ? { ask: true } : {}) });
  }
}
