"use client";

import { memo } from "react";
import { CommentIcon, NoteIcon } from "@/components/ui/icons";
import { cardTypeOf } from "@/lib/card-types/registry";
import type { BoardCard } from "../state/board-types";
import { CardContent } from "./card-content";
import { cardLabel } from "./card-label";
import { CARD_DEFAULT_CLASSES, cardBoxStyle, fontSizeStyle } from "./card-style";
import { CardTitleEditor } from "./card-title-editor";
import { VIEWER_TEXT_COLOR } from "../live/viewer-color";

/** Someone else who is editing this card now. */
export interface RemoteEditor {
  name: string;
  initials: string;
  color: string;
}

export interface BoardCardViewProps {
  card: BoardCard;
  editable: boolean;
  selected: boolean;
  /** The grid's one tab stop (roving tabindex). */
  tabStop: boolean;
  editing: boolean;
  connectSource: boolean;
  remoteEditor?: RemoteEditor;
  /** Comments on the card (replies included): shown as a count. */
  commentCount?: number;
  onToggleTodo: (id: string) => void;
  onCommitEdit: (id: string, text: string) => void;
  onCancelEdit: () => void;
}

/**
 * One card on the grid. Memoized: with hundreds of cards, an edit re-renders only the cards it
 * touched. Pointer and keyboard input are handled once, by the grid (event delegation).
 */
export const BoardCardView = memo(function BoardCardView({
  card,
  editable,
  selected,
  tabStop,
  editing,
  connectSource,
  remoteEditor,
  commentCount = 0,
  onToggleTodo,
  onCommitEdit,
  onCancelEdit,
}: BoardCardViewProps) {
  const comments = commentCount > 0 ? `. ${commentCount} comment${commentCount === 1 ? "" : "s"}` : "";
  const boxStyle = cardBoxStyle(card);
  const type = cardTypeOf(card.cellType);
  return (
    <div
      role="gridcell"
      data-card-id={card.id}
      tabIndex={tabStop ? 0 : -1}
      aria-selected={editable ? selected : undefined}
      aria-rowindex={card.row + 1}
      aria-colindex={card.col + 1}
      aria-rowspan={card.rowSpan > 1 ? card.rowSpan : undefined}
      aria-colspan={card.colSpan > 1 ? card.colSpan : undefined}
      aria-label={`${cardLabel(card)}${comments}${remoteEditor ? `. ${remoteEditor.name} is editing it` : ""}`}
      data-remote-editor={remoteEditor?.name}
      style={{
        ...boxStyle,
        gridArea: `${card.row + 1} / ${card.col + 1} / span ${card.rowSpan} / span ${card.colSpan}`,
        ...(remoteEditor && { outline: `2px solid ${remoteEditor.color}`, outlineOffset: "2px" }),
      }}
      // content-visibility: cards scrolled out of view skip layout and paint (a big board opens faster).
      className={`group relative flex min-h-0 min-w-0 flex-col overflow-hidden p-2.5 transition-shadow [content-visibility:auto] ${CARD_DEFAULT_CLASSES} ${
        editable ? "cursor-default select-none hover:shadow-md" : ""
      } ${selected && editable ? "touch-none shadow-md ring-2 ring-indigo-500 ring-offset-2" : ""} ${connectSource ? "ring-2 ring-emerald-500 ring-offset-2" : ""}`}
    >
      <CardContent card={card} editable={editable} selected={selected} onToggleTodo={onToggleTodo} />
      {card.note.trim() && !type.fillsCard && <NoteIcon aria-hidden="true" className="absolute top-1.5 right-1.5 size-3.5 opacity-50" />}
      {commentCount > 0 && (
        <span
          aria-hidden="true"
          data-comment-count={commentCount}
          className="absolute right-1.5 bottom-1.5 z-10 inline-flex items-center gap-0.5 rounded-full bg-white/90 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-slate-700 shadow-sm"
        >
          <CommentIcon className="size-3" />
          {commentCount}
        </span>
      )}
      {remoteEditor && (
        <span
          aria-hidden="true"
          title={`${remoteEditor.name} is editing`}
          className="absolute top-1 right-1 z-10 rounded-full px-1.5 py-0.5 text-[10px] leading-none font-semibold shadow-sm"
          style={{ backgroundColor: remoteEditor.color, color: VIEWER_TEXT_COLOR }}
        >
          {remoteEditor.initials}
        </span>
      )}
      {editing && (
        <CardTitleEditor
          initial={card.title}
          label={type.url ? "Card URL" : "Card text"}
          style={{
            textAlign: card.textAlign,
            fontWeight: card.bold ? 700 : undefined,
            fontStyle: card.italic ? "italic" : undefined,
            ...fontSizeStyle(card.fontSize),
          }}
          onCommit={(text) => onCommitEdit(card.id, text)}
          onCancel={onCancelEdit}
        />
      )}
      {editable && selected && !editing && (
        // Pointer-only affordance; the inspector's span fields do the same from the keyboard.
        <span
          data-resize-handle
          aria-hidden="true"
          className="absolute right-0 bottom-0 z-10 flex size-5 cursor-se-resize touch-none items-end justify-end p-1"
        >
          <span className="size-2.5 rounded-sm border-r-2 border-b-2 border-indigo-500" />
        </span>
      )}
    </div>
  );
});
