"use client";

import { useState } from "react";
import { CommentComposer } from "./comment-composer";
import { CommentItem } from "./comment-item";
import type { BoardComment, Mentionable } from "./comment-types";
import type { CommentsState } from "./use-comments";

interface CommentThreadProps {
  root: BoardComment;
  replies: readonly BoardComment[];
  viewerId: string;
  manages: boolean;
  /** A viewer reads the threads; only who may comment replies and resolves. */
  canComment: boolean;
  people: readonly Mentionable[];
  comments: CommentsState;
  /** The thread `?comment=` names: shown highlighted and scrolled into view. */
  highlighted: boolean;
  onError: (message: string) => void;
}

/** A root comment with its replies, Resolve / Reopen, and a reply box. */
export function CommentThread({ root, replies, viewerId, manages, canComment, people, comments, highlighted, onError }: CommentThreadProps) {
  const [replying, setReplying] = useState(false);
  const resolved = root.resolvedAt !== null;
  const act = async (work: Promise<string | null>) => {
    const failure = await work;
    if (failure) onError(failure);
  };
  return (
    <article
      id={`comment-${root.id}`}
      data-comment-thread={root.id}
      tabIndex={-1}
      aria-label={`Thread by ${root.author.name}${resolved ? ", resolved" : ""}`}
      className={`rounded-lg border p-3 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
        highlighted ? "border-indigo-400 bg-indigo-50/50" : "border-slate-200 bg-white"
      } ${resolved ? "opacity-80" : ""}`}
    >
      <CommentItem
        comment={root}
        viewerId={viewerId}
        manages={manages}
        people={people}
        onEdit={(body) => comments.edit(root.id, body)}
        onDelete={() => void act(comments.remove(root.id))}
      />
      {replies.length > 0 && (
        <ul aria-label="Replies" className="mt-3 space-y-3 border-l-2 border-slate-100 pl-3">
          {replies.map((reply) => (
            <li key={reply.id} id={`comment-${reply.id}`}>
              <CommentItem
                comment={reply}
                viewerId={viewerId}
                manages={manages}
                people={people}
                onEdit={(body) => comments.edit(reply.id, body)}
                onDelete={() => void act(comments.remove(reply.id))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {resolved && <span className="text-xs text-slate-600">Resolved{root.resolvedBy ? ` by ${root.resolvedBy.name}` : ""}</span>}
        {canComment && (
          <button
            type="button"
            onClick={() => void act(comments.resolve(root.id, !resolved))}
            className="rounded px-1.5 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
          >
            {resolved ? "Reopen" : "Resolve"}
          </button>
        )}
        {canComment && !replying && (
          <button type="button" onClick={() => setReplying(true)} className="rounded px-1.5 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50">
            Reply
          </button>
        )}
      </div>
      {canComment && replying && (
        <div className="mt-2">
          <CommentComposer
            label={`Reply to ${root.author.name}`}
            submitLabel="Reply"
            people={people}
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (body) => {
              const failure = await comments.create({ body, parentId: root.id });
              if (!failure) setReplying(false);
              return failure;
            }}
          />
        </div>
      )}
    </article>
  );
}
