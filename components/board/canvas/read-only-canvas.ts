import { useMemo, useState } from "react";
import type { CanvasActions } from "./canvas-actions";
import type { Selection } from "../state/selection";

const noop = () => {};

/** The canvas of a board nobody edits here (the public page, a past version): selection moves, every edit is ignored. */
export function useReadOnlyCanvas(): { selection: Selection | null; actions: CanvasActions } {
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
      moveCards: noop,
      nudgeSelection: noop,
      reshapeCard: noop,
      deleteSelection: noop,
      openMenu: noop,
    }),
    [],
  );
  return { selection, actions };
}
