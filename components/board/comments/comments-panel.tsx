"use client";

import { useEffect, useId, useState } from "react";
import { CloseIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { CommentComposer } from "./comment-composer";
import { CommentThread } from "./comment-thread";
import type { Mentionable } from "./comment-types";
import type { CommentsState } from "./use-comments";

interface CommentsPanelProps {
  comments: CommentsState;
  /** The selected card's server id, accessible name and visible caption, or null for the board's own comments. */
  card: { id: string; label: string; caption: string } | null;
  viewerId: string;
  manages: boolean;
  /** False for a viewer: the threads are shown without a box to write in. */
  canComment: boolean;
  people: readonly Mentionable[];
  /** The thread to show (the page's ?comment=), if any. */
  focusThreadId: string | null;
  onClose: () => void;
  onError: (message: string) => void;
}

/**
 * The Comments panel beside the board: the selected card's threads, or the board's when no card is
 * selected; resolved threads hidden unless asked for; a box for a new thread. A side panel on wide
 * screens, a bottom sheet on a phone.
 */
export function CommentsPanel({ comments, card, viewerId, manages, canComment, people, focusThreadId, onClose, onError }: CommentsPanelProps) {
  const [showResolved, setShowResolved] = useState(false);
  const checkboxId = useId();
  const scope = card ? card.id : null;
  const roots = comments.comments.filter((comment) => comment.parentId === null && comment.cardId === scope);
  const focused = focusThreadId ? roots.find((root) => root.id === focusThreadId) : undefined;
  const shown = roots.filter((root) => showResolved || root.resolvedAt === null || root.id === focusThreadId);
  const hiddenResolved = roots.length - shown.length;

  useEffect(() => {
    if (!focused) return;
    const element = document.getElementById(`comment-${focused.id}`);
    element?.scrollIntoView({ block: "nearest" });
    element?.focus({ preventScroll: true });
  }, [focused]);

  return (
    <aside
      aria-label="Comments"
      className="absolute inset-x-0 bottom-0 z-30 flex max-h-[60%] flex-col rounded-t-2xl border-t border-slate-200 bg-white shadow-[0_-8px_30px_rgb(15_23_42/0.12)] lg:static lg:z-auto lg:max-h-none lg:w-80 lg:shrink-0 lg:rounded-none lg:border-t-0 lg:border-l lg:shadow-none"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 py-2 pr-2 pl-4">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-slate-900">Comments</h2>
          <p className="truncate text-xs text-slate-600" title={card?.caption}>
            {card ? card.caption : "On the board"}
          </p>
        </div>
        <button
          type="button"
          aria-label="Close comments"
          onClick={onClose}
          className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 pointer-coarse:size-11"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain p-3">
        <label htmlFor={checkboxId} className="flex items-center gap-2 text-xs text-slate-700">
          <input id={checkboxId} type="checkbox" checked={showResolved} onChange={(event) => setShowResolved(event.target.checked)} className="size-4" />
          Show resolved{hiddenResolved > 0 ? ` (${hiddenResolved})` : ""}
        </label>
        {comments.error && (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {comments.error}{" "}
            <button type="button" onClick={comments.reload} className="font-medium underline">
              Try again
            </button>
          </div>
        )}
        {comments.loading && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Loading comments…
          </p>
        )}
        {!comments.loading && !comments.error && shown.length === 0 && (
          <p className="text-sm text-slate-600">{card ? "No comments on this card yet." : "No comments on the board yet."}</p>
        )}
        {shown.map((root) => (
          <CommentThread
            key={root.id}
            root={root}
            replies={comments.comments.filter((comment) => comment.parentId === root.id)}
            viewerId={viewerId}
            manages={manages}
            canComment={canComment}
            people={people}
            comments={comments}
            highlighted={root.id === focusThreadId}
            onError={onError}
          />
        ))}
      </div>
      <div className="border-t border-slate-100 p-3">
        {canComment ? (
          <CommentComposer
            label={card ? `Comment on ${card.label}` : "Comment on the board"}
            submitLabel="Comment"
            people={people}
            onSubmit={(body) => comments.create({ body, cardId: scope })}
          />
        ) : (
          <p className="text-sm text-slate-600">You can read the comments on this board, not add to them.</p>
        )}
      </div>
    </aside>
  );
}
