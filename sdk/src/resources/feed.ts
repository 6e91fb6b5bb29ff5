import * as api from "../generated/sdk.gen.js";
import type { Event } from "../generated/types.gen.js";
import type { Context } from "../client.js";

export interface FeedQuery {
  /** Start after this cursor (an earlier page's `nextCursor`); else from the oldest event kept. */
  after?: string;
  /** Only these event types (e.g. ["cards.created", "cards.updated"]). */
  types?: string[];
  snapId?: string;
  /** Page size, 1–100. */
  limit?: number;
}

/** The event feed: every change to snaps you can read, oldest first, resumable by cursor. */
export class Feed {
  constructor(private readonly context: Context) {}

  /**
   * Every event after `after`, page after page. With `follow`, waits `pollIntervalMs` when caught
   * up and goes on (until the signal aborts); `cursor()` on the iterator's result is not needed:
   * each event's position is kept, so breaking out and calling again with the last `nextCursor`
   * (see `pages`) resumes exactly.
   */
  async *list(query: FeedQuery = {}, options: { follow?: boolean; pollIntervalMs?: number; signal?: AbortSignal } = {}): AsyncGenerator<Event> {
    for await (const page of this.pages(query, options)) yield* page.events;
  }

  /** The same as pages, each with the cursor to resume after it. */
  async *pages(
    query: FeedQuery = {},
    options: { follow?: boolean; pollIntervalMs?: number; signal?: AbortSignal } = {},
  ): AsyncGenerator<{ events: Event[]; nextCursor: string | null }> {
    let after = query.after;
    while (!options.signal?.aborted) {
      const { data } = await api.listEvents({
        client: this.context.client,
        throwOnError: true,
        query: { after, limit: query.limit, types: query.types?.join(","), snapId: query.snapId },
        signal: options.signal,
      });
      if (data.events.length > 0) yield { events: data.events, nextCursor: data.nextCursor };
      after = data.nextCursor ?? after;
      if (data.hasMore) continue;
      if (!options.follow) return;
      await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 5000));
    }
  }
}
