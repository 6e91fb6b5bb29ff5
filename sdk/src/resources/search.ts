import * as api from "../generated/sdk.gen.js";
import type { SearchResult } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { paginate } from "../pagination.js";

export interface SearchQuery {
  /** Only these kinds of result (e.g. ["card"]). */
  types?: string[];
  snapId?: string;
  /** Page size, 1–50. */
  limit?: number;
}

/** Full-text search over the snaps, cards and comments you can read. */
export class Searches {
  constructor(private readonly context: Context) {}

  /** Every match for `q`, best first, page after page. */
  query(q: string, query: SearchQuery = {}): AsyncGenerator<SearchResult> {
    return paginate<SearchResult, string>(undefined, async (cursor) => {
      const { data } = await api.search({
        client: this.context.client,
        throwOnError: true,
        query: { q, types: query.types?.join(","), snapId: query.snapId, limit: query.limit, cursor },
      });
      return { items: data.results, next: data.hasMore ? (data.nextCursor ?? undefined) : undefined };
    });
  }
}
