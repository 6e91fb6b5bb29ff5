import { LOCAL_ID_PREFIX } from "./new-local-id";

/**
 * The board's ids and the server's. The board keeps its own ids: a card or line made here (or
 * brought back by undo) gets a server id only when the server answers; anything the board did not
 * create has the same id on both sides. Only the pairs that differ are stored, and the ids that
 * lost their server id (deleted, or a create that failed): a 10,000-card board's own cards cost
 * the map nothing.
 */
export class BoardIdMap {
  private readonly serverIds = new Map<string, string>();
  private readonly localIds = new Map<string, string>();
  private readonly unlinked = new Set<string>();

  link(localId: string, serverId: string): void {
    this.unlinked.delete(localId);
    if (localId === serverId) return;
    this.serverIds.set(localId, serverId);
    this.localIds.set(serverId, localId);
  }

  unlink(localId: string): void {
    const serverId = this.serverIds.get(localId);
    if (serverId) this.localIds.delete(serverId);
    this.serverIds.delete(localId);
    this.unlinked.add(localId);
  }

  /** The server's id, or undefined while the create is on its way (or after it failed). */
  serverIdOf(localId: string): string | undefined {
    return this.serverIds.get(localId) ?? (this.isSaved(localId) ? localId : undefined);
  }

  /** The board's id for a server id: the same id for anything this board did not create. */
  localIdOf(serverId: string): string {
    return this.localIds.get(serverId) ?? serverId;
  }

  /** True once the server has the card or line (it has a server id). */
  isSaved(localId: string): boolean {
    return this.serverIds.has(localId) || (!localId.startsWith(LOCAL_ID_PREFIX) && !this.unlinked.has(localId));
  }
}
