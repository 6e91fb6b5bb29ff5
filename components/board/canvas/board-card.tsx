"use client";

import { memo, type CSSProperties } from "react";
import { CommentIcon, LockIcon, NoteIcon, PaperclipIcon } from "@/components/ui/icons";
import { cardTypeOf } from "@/lib/card-types/registry";
import type { BoardCard } from "../state/board-types";
import { CardContent } from "./card-content";
import { cardLabel } from "./card-label";
import { CARD_DEFAULT_CLASSES, EMPTY_PLACE_CLASSES, cardBoxStyle, fontSizeStyle } from "./card-style";
import { looksEmpty } from "../grid/looks-empty";
import { CardTitleEditor } from "./card-title-editor";
import { UploadProgress } from "../files/upload-progress";
import { VIEWER_TEXT_COLOR } from "../live/viewer-color";
import type { EditMove } from "./canvas-actions";
import { ResizeHandles } from "./resize-handles";
import { shortcutOf } from "../commands/board-commands";
import type { EditMode } from "../state/use-board-actions";

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
  /** While editing: how the editor opened, and the text typed on the card (replacing its text). */
  editMode?: EditMode;
  typedText?: string | null;
  /** The only selected card: its edges and corners resize it. */
  resizable?: boolean;
  connectSource: boolean;
  remoteEditor?: RemoteEditor;
  /** Comments on the card (replies included): shown as a count. */
  commentCount?: number;
  /** Marked by find: a match, or the one find is on. */
  find?: "match" | "current";
  /** The lines of text the card has room for, and whether its text needs more (cardTextFit): primitives, for the memo. */
  textLines?: number;
  textOverflows?: boolean;
  onToggleTodo: (id: string) => void;
  onCommitEdit: (id: string, text: string, move?: EditMove) => void;
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
  editMode = "select",
  typedText = null,
  resizable = selected,
  connectSource,
  remoteEditor,
  commentCount = 0,
  find,
  textLines,
  textOverflows = false,
  onToggleTodo,
  onCommitEdit,
  onCancelEdit,
}: BoardCardViewProps) {
  const attachmentCount = card.attachments.length;
  const comments = `${attachmentCount > 0 ? `. ${attachmentCount} attachment${attachmentCount === 1 ? "" : "s"}` : ""}${
    commentCount > 0 ? `. ${commentCount} comment${commentCount === 1 ? "" : "s"}` : ""
  }`;
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
      aria-label={`${cardLabel(card)}${card.locked ? ". Locked" : ""}${comments}${remoteEditor ? `. ${remoteEditor.name} is editing it` : ""}`}
      data-remote-editor={remoteEditor?.name}
      data-locked={card.locked || undefined}
      data-find={find}
      // The full text on hover when the card shows only part of it (the inspector has it too).
      title={textOverflows && !editing ? card.title : undefined}
      style={{
        ...boxStyle,
        ...(textLines !== undefined && ({ "--card-lines": textLines } as CSSProperties)),
        gridArea: `${card.row + 1} / ${card.col + 1} / span ${card.rowSpan} / span ${card.colSpan}`,
        ...(remoteEditor && { outline: `2px solid ${remoteEditor.color}`, outlineOffset: "2px" }),
      }}
      // content-visibility: cards scrolled out of view skip layout and paint (a big board opens faster).
      className={`group relative flex min-h-0 min-w-0 flex-col overflow-hidden p-2.5 transition-shadow [content-visibility:auto] ${looksEmpty(card, commentCount) ? `${EMPTY_PLACE_CLASSES} text-left text-sm text-slate-900` : CARD_DEFAULT_CLASSES} ${
        editable ? "cursor-default select-none hover:shadow-md" : ""
      } ${selected && editable ? "touch-none shadow-md ring-2 ring-indigo-500 ring-offset-2" : ""} ${connectSource ? "ring-2 ring-emerald-500 ring-offset-2" : ""} ${
        find === "current" ? "outline-4 outline-offset-1 outline-amber-500" : find === "match" ? "outline-2 outline-offset-1 outline-amber-400" : ""
      }`}
    >
      <CardContent card={card} editable={editable} selected={selected} onToggleTodo={onToggleTodo} />
      {editable && <UploadProgress cardId={card.id} />}
      {card.note.trim() && !type.fillsCard && <NoteIcon aria-hidden="true" className="absolute top-1.5 right-1.5 size-3.5 opacity-50" />}
      {commentCount > 0 && (
        <span
          aria-hidden="true"
          data-comment-count={commentCount}
          // The number is drawn by CSS, not text: the card's name ends in "n comments", and visible text
          // that is not at the name's end would make the name and the label disagree (WCAG 2.5.3).
          className="absolute right-1.5 bottom-1.5 z-10 inline-flex items-center gap-0.5 rounded-full bg-white/90 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-slate-700 shadow-sm after:content-[attr(data-comment-count)]"
        >
          <CommentIcon className="size-3" />
        </span>
      )}
      {attachmentCount > 0 && (
        <span
          aria-hidden="true"
          data-attachment-count={attachmentCount}
          title={`${attachmentCount} attachment${attachmentCount === 1 ? "" : "s"}`}
          // As the comment count: drawn by CSS, the card's name says "n attachments".
          className="absolute bottom-1.5 left-1.5 z-10 inline-flex items-center gap-0.5 rounded-full bg-white/90 px-1.5 py-0.5 text-[11px] leading-none font-semibold text-slate-700 shadow-sm after:content-[attr(data-attachment-count)]"
        >
          <PaperclipIcon className="size-3" />
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
          initial={typedText ?? card.title}
          mode={editMode}
          label={type.url ? "Card URL" : "Card text"}
          style={{
            textAlign: card.textAlign,
            fontWeight: card.bold ? 700 : undefined,
            fontStyle: card.italic ? "italic" : undefined,
            ...fontSizeStyle(card.fontSize),
          }}
          onCommit={(text, move) => onCommitEdit(card.id, text, move)}
          onCancel={onCancelEdit}
        />
      )}
      {card.locked && (
        <span
          role="img"
          aria-label="Locked"
          title={`Locked: unlock it (menu or ${shortcutOf("toggleLock")}) to move, resize, edit or delete it`}
          data-locked-icon
          // Top right, clear of the text (left of the note's mark when the card has one).
          className={`absolute top-1 z-10 inline-flex items-center rounded-full bg-white/90 p-0.5 text-slate-600 shadow-sm ${card.note.trim() ? "right-6" : "right-1"}`}
        >
          <LockIcon aria-hidden="true" className="size-3.5" />
        </span>
      )}
      {editable && selected && resizable && !card.locked && !editing && <ResizeHandles />}
    </div>
  );
});
