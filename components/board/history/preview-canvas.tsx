"use client";

import { BoardCanvas } from "../canvas/board-canvas";
import { boardFontFamily } from "../canvas/board-font";
import type { BoardDoc } from "../state/board-types";
import { canvasBackground } from "../canvas/card-style";
import { useReadOnlyCanvas } from "../canvas/read-only-canvas";

/** A past version on the canvas: the board's own read-only rendering (as on the public page), keyboard navigation only. */
export function PreviewCanvas({ doc }: { doc: BoardDoc }) {
  const { selection, actions } = useReadOnlyCanvas();
  return (
    <div
      data-history-preview
      data-board-scroller
      className="min-w-0 flex-1 overflow-auto overscroll-contain bg-slate-50"
      style={{ backgroundColor: canvasBackground(doc.snap.canvasBackgroundColor), fontFamily: boardFontFamily(doc.snap.fontFamily) }}
    >
      <BoardCanvas doc={doc} editable={false} selection={selection} editingId={null} connecting={false} connectFromId={null} actions={actions} />
    </div>
  );
}
