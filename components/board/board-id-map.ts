/**
 * The board's ids and the server's. The board keeps its own ids: a card or line made here (or
 * brought back by undo) gets a server id only when the server answers; anything the board did not
 * create has the same id on both sides.
 */
export class BoardIdMap {
  private readonly serverIds = new Map<string, string>();
  private readonly localIds = new Map<string, string>();

  link(localId: string, serverId: string): void {
    this.serverIds.set(localId, serverId);
    this.localIds.set(serverId, localId);
  }

  unlink(localId: string): void {
    const serverId = this.serverIds.get(localId);
    if (serverId) this.localIds.delete(serverId);
    this.serverIds.delete(localId);
  }

  /** The server's id, or undefined while the create is on its way (or after it failed). */
  serverIdOf(localId: string): string | undefined {
    return this.serverIds.get(localId);
  }

  /** The board's id for a server id: the same id for anything this board did not create. */
  localIdOf(serverId: string): string {
    return this.localIds.get(serverId) ?? serverId;
  }

  /** True once the server has the card or line (it has a server id). */
  isSaved(localId: string): boolean {
    return this.serverIds.has(localId);
  }
}
