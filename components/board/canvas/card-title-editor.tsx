"use client";

import { useRef, useState, type CSSProperties } from "react";

interface CardTitleEditorProps {
  initial: string;
  label: string;
  style: CSSProperties;
  onCommit: (text: string) => void;
  onCancel: () => void;
}

/**
 * The inline editor of a card's text: Enter or leaving the field saves, Shift+Enter starts a new
 * line, Escape cancels. Focus goes back to the card either way.
 */
export function CardTitleEditor({ initial, label, style, onCommit, onCancel }: CardTitleEditorProps) {
  const [text, setText] = useState(initial);
  // Saving moves focus to the card, which blurs this field: the blur must not save a second time.
  const done = useRef(false);

  function finish(commit: boolean, field: HTMLTextAreaElement) {
    if (done.current) return;
    done.current = true;
    const cell = field.closest<HTMLElement>('[role="gridcell"]');
    if (commit) onCommit(text);
    else onCancel();
    cell?.focus();
  }

  return (
    <textarea
      autoFocus
      aria-label={label}
      value={text}
      maxLength={10_000}
      onChange={(event) => setText(event.target.value)}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={(event) => finish(true, event.currentTarget)}
      onKeyDown={(event) => {
        event.stopPropagation(); // the grid's shortcuts do not apply while typing
        if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault();
          finish(true, event.currentTarget);
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
