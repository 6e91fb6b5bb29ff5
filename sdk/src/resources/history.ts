import * as api from "../generated/sdk.gen.js";
import type { HistoryEntry, Snap } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { paginate } from "../pagination.js";

/** A snap's versions: the list, one version as it was, and restoring one. */
export class History {
  constructor(private readonly context: Context) {}

  /** Every kept version, newest first. */
  list(snapId: string, query: { limit?: number } = {}): AsyncGenerator<HistoryEntry> {
    return paginate<HistoryEntry, number>(undefined, async (before) => {
      const { data } = await api.getSnapHistory({ client: this.context.client, throwOnError: true, path: { id: snapId }, query: { ...query, before } });
      const last = data.entries.at(-1);
      return { items: data.entries, next: data.hasMore && last ? last.version : undefined };
    });
  }

  /** The snap as it was at `version`. */
  async get(snapId: string, version: number): Promise<Snap> {
    const { data } = await api.getSnapVersion({ client: this.context.client, throwOnError: true, path: { id: snapId, version: String(version) } });
    return data.snap;
  }

  /** Makes the snap what it was at `version`, as a new version. */
  async restore(snapId: string, version: number): Promise<Snap> {
    const { data } = await api.restoreSnapVersion({ client: this.context.client, throwOnError: true, path: { id: snapId }, body: { version } });
    return data.snap;
  }
}
