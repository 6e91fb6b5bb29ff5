import * as api from "../generated/sdk.gen.js";
import type { Comment, CommentCreate, CommentUpdate, ListCommentsData } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { paginate } from "../pagination.js";

export type CommentsQuery = Omit<NonNullable<ListCommentsData["query"]>, "after">;

/** Comments on a snap or one of its cards, with replies, mentions and resolving. */
export class Comments {
  constructor(private readonly context: Context) {}

  /** Every comment of the snap (or of one card: `cardId`, or "board"), oldest first, page after page. */
  list(snapId: string, query: CommentsQuery = {}): AsyncGenerator<Comment> {
    return paginate<Comment, string>(undefined, async (after) => {
      const { data } = await api.listComments({ client: this.context.client, throwOnError: true, path: { id: snapId }, query: { ...query, after } });
      return { items: data.comments, next: data.hasMore ? (data.nextCursor ?? undefined) : undefined };
    });
  }

  async create(snapId: string, body: CommentCreate): Promise<Comment> {
    const { data } = await api.createComment({ client: this.context.client, throwOnError: true, path: { id: snapId }, body });
    return data.comment;
  }

  async update(id: string, body: CommentUpdate): Promise<Comment> {
    const { data } = await api.updateComment({ client: this.context.client, throwOnError: true, path: { id }, body });
    return data.comment;
  }

  async resolve(id: string, resolved = true): Promise<Comment> {
    const { data } = await api.resolveComment({ client: this.context.client, throwOnError: true, path: { id }, body: { resolved } });
    return data.comment;
  }

  async delete(id: string): Promise<void> {
    await api.deleteComment({ client: this.context.client, throwOnError: true, path: { id } });
  }
}
