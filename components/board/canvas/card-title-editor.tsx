"use client";

import { useRef, useState, type CSSProperties } from "react";
import type { EditMove } from "./canvas-actions";
import type { EditMode } from "../state/use-board-actions";

interface CardTitleEditorProps {
  initial: string;
  label: string;
  style: CSSProperties;
  /** How it opened: the text selected (Enter, double click), the caret at its end (F2), or typed on the card (spreadsheet entry). */
  mode: EditMode;
  onCommit: (text: string, move?: EditMove) => void;
  onCancel: () => void;
}

/**
 * The inline editor of a card's text: Enter or leaving the field saves, Escape cancels, Tab saves
 * and moves right (Shift+Tab left). Shift+Enter starts a new line, except when the edit began by
 * typing on the card, as in a spreadsheet: there Enter saves and moves down, Shift+Enter up, and
 * Alt+Enter starts a new line. Focus goes back to the card, or to where the edit moved.
 */
export function CardTitleEditor({ initial, label, style, mode, onCommit, onCancel }: CardTitleEditorProps) {
  const [text, setText] = useState(initial);
  // Saving moves focus to the card, which blurs this field: the blur must not save a second time.
  const done = useRef(false);

  function finish(commit: boolean, field: HTMLTextAreaElement, move?: EditMove) {
    if (done.current) return;
    done.current = true;
    const cell = field.closest<HTMLElement>('[role="gridcell"]');
    if (commit) onCommit(text, move);
    else onCancel();
    // A move focuses its target once it is rendered (useBoardActions).
    if (!move) cell?.focus();
  }

  function newLine(field: HTMLTextAreaElement) {
    const { selectionStart, selectionEnd } = field;
    const next = `${text.slice(0, selectionStart)}\n${text.slice(selectionEnd)}`;
    setText(next);
    requestAnimationFrame(() => field.setSelectionRange(selectionStart + 1, selectionStart + 1));
  }

  return (
    <textarea
      autoFocus
      aria-label={label}
      value={text}
      maxLength={10_000}
      onChange={(event) => setText(event.target.value)}
      onFocus={(event) => {
        const field = event.currentTarget;
        if (mode === "select") field.select();
        else field.setSelectionRange(field.value.length, field.value.length);
      }}
      onBlur={(event) => finish(true, event.currentTarget)}
      onKeyDown={(event) => {
        event.stopPropagation(); // the grid's shortcuts do not apply while typing
        if (event.nativeEvent.isComposing) return;
        const typed = mode === "type";
        if (event.key === "Enter" && event.altKey) {
          event.preventDefault();
          newLine(event.currentTarget);
        } else if (event.key === "Enter" && (!event.shiftKey || typed)) {
          event.preventDefault();
          finish(true, event.currentTarget, typed ? (event.shiftKey ? "up" : "down") : undefined);
        } else if (event.key === "Tab") {
          event.preventDefault();
          finish(true, event.currentTarget, event.shiftKey ? "left" : "right");
        } else if (event.key === "Escape") {
          event.preventDefault();
          finish(false, event.currentTarget);
        }
      }}
      style={style}
      className="absolute inset-0 z-10 size-full resize-none bg-white p-2.5 text-slate-900 shadow-inner outline-2 outline-indigo-500 focus:outline-offset-0!"
    />
  );
}
