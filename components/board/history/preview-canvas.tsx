"use client";

import { useMemo, useState } from "react";
import { BoardCanvas } from "../board-canvas";
import type { CanvasActions } from "../canvas-actions";
import { boardFontFamily } from "../board-font";
import type { BoardDoc } from "../board-types";
import type { Selection } from "../selection";

const noop = () => {};

/** A past version on the canvas: the board's own read-only rendering (as on the public page), keyboard navigation only. */
export function PreviewCanvas({ doc }: { doc: BoardDoc }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const actions = useMemo<CanvasActions>(
    () => ({
      select: setSelection,
      startEdit: noop,
      commitEdit: noop,
      cancelEdit: noop,
      toggleTodo: noop,
      moveCard: noop,
      resizeCard: noop,
      addCardAt: noop,
      deleteCard: noop,
      deleteLine: noop,
      addTrack: noop,
      removeTrack: noop,
      resizeTrack: noop,
      pickForConnect: noop,
      cancelConnect: noop,
    }),
    [],
  );
  return (
    <div
      data-history-preview
      data-board-scroller
      className="min-w-0 flex-1 overflow-auto overscroll-contain"
      style={{ backgroundColor: doc.snap.canvasBackgroundColor, fontFamily: boardFontFamily(doc.snap.fontFamily) }}
    >
      <BoardCanvas doc={doc} editable={false} selection={selection} editingId={null} connecting={false} connectFromId={null} actions={actions} />
    </div>
  );
}
