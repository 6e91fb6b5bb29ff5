"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { callApi } from "@/components/http/call-api";
import type { BoardComment, CommentMessage } from "./comment-types";

const PAGE = 100;
/** The panel reads at most this many pages (10,000 comments: a snap's cap). */
const MAX_PAGES = 100;

export interface CommentsState {
  comments: BoardComment[];
  loading: boolean;
  error: string | null;
  /** Comments per card id (replies included, deleted roots not). */
  countsByCard: Map<string, number>;
  /** A `comment` message of the snap's stream. */
  receive: (message: CommentMessage) => void;
  reload: () => void;
  create: (input: { body: string; cardId?: string | null; parentId?: string }) => Promise<string | null>;
  edit: (id: string, body: string) => Promise<string | null>;
  remove: (id: string) => Promise<string | null>;
  resolve: (id: string, resolved: boolean) => Promise<string | null>;
}

/**
 * A snap's comments, all of them (oldest first), kept current by the snap's stream. Writes answer
 * with the comment, applied at once; resolve and delete show at once and roll back on a failure
 * (the returned message says why).
 */
export function useComments(snapId: string): CommentsState {
  const [byId, setById] = useState<Map<string, BoardComment>>(new Map());
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const loaded = new Map<string, BoardComment>();
      let after: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query: string = after ? `&after=${encodeURIComponent(after)}` : "";
        const result = await callApi<{ comments: BoardComment[]; nextCursor: string | null; hasMore: boolean }>(
          `/api/snaps/${snapId}/comments?limit=${PAGE}${query}`,
        );
        if (cancelled) return;
        if (!result.ok) {
          setError(result.error.message);
          setLoading(false);
          return;
        }
        for (const comment of result.data.comments) loaded.set(comment.id, comment);
        if (!result.data.hasMore || !result.data.nextCursor) break;
        after = result.data.nextCursor;
      }
      setError(null);
      setById(loaded);
      setLoading(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [snapId, generation]);

  const put = useCallback((comment: BoardComment) => setById((current) => new Map(current).set(comment.id, comment)), []);
  const drop = useCallback((id: string) => {
    setById((current) => {
      const next = new Map(current);
      const gone = next.get(id);
      next.delete(id);
      // A deleted root goes with its last reply.
      const parent = gone?.parentId ? next.get(gone.parentId) : undefined;
      if (parent && parent.deleted && ![...next.values()].some((c) => c.parentId === parent.id)) next.delete(parent.id);
      return next;
    });
  }, []);

  const receive = useCallback(
    (message: CommentMessage) => {
      if (message.truncated) setGeneration((n) => n + 1);
      else if (message.comment) put(message.comment);
      else drop(message.commentId);
    },
    [put, drop],
  );

  const create = useCallback(
    async (input: { body: string; cardId?: string | null; parentId?: string }) => {
      const result = await callApi<{ comment: BoardComment }>(`/api/snaps/${snapId}/comments`, { method: "POST", body: input });
      if (!result.ok) return result.error.message;
      put(result.data.comment);
      return null;
    },
    [snapId, put],
  );

  const edit = useCallback(
    async (id: string, body: string) => {
      const result = await callApi<{ comment: BoardComment }>(`/api/comments/${id}`, { method: "PATCH", body: { body } });
      if (!result.ok) return result.error.message;
      put(result.data.comment);
      return null;
    },
    [put],
  );

  const remove = useCallback(
    async (id: string) => {
      const before = byId.get(id);
      if (!before) return null;
      const hasReplies = [...byId.values()].some((c) => c.parentId === id);
      if (hasReplies) put({ ...before, deleted: true, body: "", mentions: [] });
      else drop(id);
      const result = await callApi(`/api/comments/${id}`, { method: "DELETE" });
      if (result.ok || result.status === 404) return null;
      put(before);
      return `Could not delete the comment: ${result.error.message}`;
    },
    [byId, put, drop],
  );

  const resolve = useCallback(
    async (id: string, resolved: boolean) => {
      const before = byId.get(id);
      if (!before) return null;
      put({ ...before, resolvedAt: resolved ? new Date().toISOString() : null, resolvedBy: resolved ? before.resolvedBy : null });
      const result = await callApi<{ comment: BoardComment }>(`/api/comments/${id}/resolve`, { method: "POST", body: { resolved } });
      if (result.ok) {
        put(result.data.comment);
        return null;
      }
      put(before);
      return `Could not ${resolved ? "resolve" : "reopen"} the thread: ${result.error.message}`;
    },
    [byId, put],
  );

  const comments = useMemo(() => [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)), [byId]);
  const countsByCard = useMemo(() => {
    const counts = new Map<string, number>();
    for (const comment of comments) if (comment.cardId && !comment.deleted) counts.set(comment.cardId, (counts.get(comment.cardId) ?? 0) + 1);
    return counts;
  }, [comments]);

  return { comments, loading, error, countsByCard, receive, reload: () => setGeneration((n) => n + 1), create, edit, remove, resolve };
}
