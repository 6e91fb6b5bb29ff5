"use client";

import { useState } from "react";

interface EditableTitleProps {
  title: string;
  editable: boolean;
  onRename: (title: string) => void;
}

/** The snap's title as the page heading; editors click it to rename in place (Enter saves, Escape cancels). */
export function EditableTitle({ title, editable, onRename }: EditableTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);

  if (!editable) return <h1 className="truncate text-base font-semibold text-slate-900 sm:text-lg">{title}</h1>;

  if (draft !== null) {
    const commit = () => {
      const next = draft.trim();
      setDraft(null);
      if (next && next !== title) onRename(next.slice(0, 200));
    };
    return (
      <h1 className="min-w-0">
        <input
          autoFocus
          aria-label="Snap title"
          value={draft}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={(event) => event.currentTarget.select()}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
            else if (event.key === "Escape") setDraft(null);
          }}
          className="h-8 w-full min-w-40 rounded-md border border-indigo-400 bg-white px-2 text-base font-semibold text-slate-900 sm:text-lg pointer-coarse:h-11"
        />
      </h1>
    );
  }

  return (
    <h1 className="min-w-0">
      <button
        type="button"
        aria-label={`Rename snap: ${title}`}
        title="Rename"
        onClick={() => setDraft(title)}
        className="-mx-1 block max-w-full truncate rounded-md px-1 text-left text-base font-semibold text-slate-900 hover:bg-slate-100 sm:text-lg pointer-coarse:min-h-11"
      >
        {title}
      </button>
    </h1>
  );
}
