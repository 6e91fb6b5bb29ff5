"use client";

import { useState } from "react";
import { RelativeTime } from "@/components/ui/relative-time";
import { CommentComposer } from "./comment-composer";
import { bodyParts, toComposerText, type BoardComment, type Mentionable } from "./comment-types";

interface CommentItemProps {
  comment: BoardComment;
  viewerId: string;
  /** Whether the viewer manages the snap (its owner or a workspace admin): may delete anyone's comment. */
  manages: boolean;
  people: readonly Mentionable[];
  onEdit: (body: string) => Promise<string | null>;
  onDelete: () => void;
}

/** One comment: who, when, the body with mentions by name, and its author's Edit / Delete. */
export function CommentItem({ comment, viewerId, manages, people, onEdit, onDelete }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const mine = comment.author.id === viewerId;
  if (comment.deleted) return <p className="text-sm text-slate-500 italic">This comment was deleted.</p>;
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="text-sm font-semibold text-slate-900">{comment.author.name}</span>
        <RelativeTime value={comment.createdAt} />
        {comment.editedAt && <span>(edited)</span>}
      </p>
      {editing ? (
        <div className="mt-1">
          <CommentComposer
            label="Edit comment"
            submitLabel="Save"
            people={people}
            initialText={toComposerText(comment)}
            initialPicked={comment.mentions.map((mention) => ({ id: mention.userId, name: mention.name }))}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              const failure = await onEdit(body);
              if (!failure) setEditing(false);
              return failure;
            }}
          />
        </div>
      ) : (
        <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">
          {bodyParts(comment).map((part, index) =>
            "text" in part ? (
              <span key={index}>{part.text}</span>
            ) : (
              <span key={index} className="rounded bg-indigo-50 px-0.5 font-medium text-indigo-800">
                @{part.mention}
              </span>
            ),
          )}
        </p>
      )}
      {!editing && (mine || manages) && (
        <div className="mt-1 flex gap-1">
          {mine && (
            <button type="button" onClick={() => setEditing(true)} className="rounded px-1.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100">
              Edit
            </button>
          )}
          <button type="button" onClick={onDelete} className="rounded px-1.5 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50">
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
