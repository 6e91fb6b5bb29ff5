"use client";

import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { toApiBody, type Mentionable } from "./comment-types";

interface CommentComposerProps {
  label: string;
  submitLabel: string;
  people: readonly Mentionable[];
  initialText?: string;
  initialPicked?: readonly Mentionable[];
  /** Sends the body (mentions as `<@USER_ID>`); a message when it failed. */
  onSubmit: (body: string) => Promise<string | null>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

const MAX_SUGGESTIONS = 8;

/**
 * A comment's text box. Typing `@` opens a list of the people who can see the snap, filtered by
 * what follows; arrows move through it, Enter (or a click) picks, Escape closes it. Otherwise Enter sends and
 * Shift+Enter starts a new line, as a card's text does (the composer says so under the box).
 */
export function CommentComposer({ label, submitLabel, people, initialText = "", initialPicked = [], onSubmit, onCancel, autoFocus }: CommentComposerProps) {
  const [text, setText] = useState(initialText);
  const [picked, setPicked] = useState<Mentionable[]>([...initialPicked]);
  const [query, setQuery] = useState<{ start: number; text: string } | null>(null);
  const [active, setActive] = useState(0);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes once a picked mention is in the text: set in the same commit as the text,
  // before the next keystroke is handled (a frame later, a fast typist's next letter had already
  // gone to the end of the text, and the caret was then moved back before it).
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caretAfterPick.current === null) return;
    area.current?.focus();
    area.current?.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  }, [text]);
  const listId = useId();
  const errorId = useId();
  const hintId = useId();

  const suggestions = query ? people.filter((person) => person.name.toLowerCase().includes(query.text.toLowerCase())).slice(0, MAX_SUGGESTIONS) : [];
  const listOpen = query !== null && suggestions.length > 0;

  const track = (value: string, caret: number) => {
    const before = value.slice(0, caret);
    const match = /(^|\s)@([^\s@<>]{0,40})$/.exec(before);
    setQuery(match ? { start: caret - match[2]!.length - 1, text: match[2]! } : null);
    setActive(0);
  };

  const pick = (person: Mentionable) => {
    if (!query) return;
    const caret = area.current?.selectionStart ?? text.length;
    const next = `${text.slice(0, query.start)}@${person.name} ${text.slice(caret)}`;
    setText(next);
    setPicked((current) => (current.some((p) => p.id === person.id) ? current : [...current, person]));
    setQuery(null);
    caretAfterPick.current = query.start + person.name.length + 2;
  };

  const submit = async () => {
    const body = toApiBody(text, picked).trim();
    if (!body || sending) return;
    setSending(true);
    const failure = await onSubmit(body);
    setSending(false);
    setError(failure);
    if (!failure) {
      setText("");
      setPicked([]);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (listOpen) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pick(suggestions[active]!);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    // An input method's Enter confirms its composition; it sends nothing.
    if (event.key === "Enter" && !event.shiftKey && !event.altKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={area}
        aria-label={label}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listOpen}
        aria-controls={listOpen ? listId : undefined}
        aria-activedescendant={listOpen ? `${listId}-${active}` : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        autoFocus={autoFocus}
        rows={2}
        maxLength={10_000}
        value={text}
        placeholder="Write a comment; @ to mention someone"
        onChange={(event) => {
          setText(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500"
      />
      {listOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label="People who can see this snap"
          className="absolute inset-x-0 bottom-full z-10 mb-1 max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((person, index) => (
            <li
              key={person.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
              className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
            >
              {person.name}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 flex items-center justify-end gap-2">
        <p id={hintId} className="mr-auto text-xs text-slate-600">
          Enter to send, Shift+Enter for a new line
        </p>
        {onCancel && (
          <button type="button" onClick={onCancel} className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100">
            Cancel
          </button>
        )}
        <button
          type="submit"
          disabled={sending || !text.trim()}
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:bg-slate-300 disabled:text-slate-700"
        >
          {sending ? "Sending…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
