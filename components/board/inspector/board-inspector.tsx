"use client";

import { memo, useState } from "react";
import type { BoardDoc } from "../state/board-types";
import { cardIndex } from "../grid/card-index";
import { usePaintedSnapshot } from "../canvas/after-paint";
import type { SelectionStore } from "../state/selection-store";
import type { BoardActions } from "../state/use-board-actions";
import { CardInspector } from "./card-inspector";
import { InspectorHint } from "./inspector-hint";
import { InspectorPanel } from "./inspector-panel";
import { LineInspector } from "./line-inspector";

interface BoardInspectorProps {
  doc: BoardDoc;
  selections: SelectionStore;
  actions: BoardActions;
  /** Focus entered or left the panel: editing the selected card, which the others are told (presence). */
  onFocusChange: (focused: boolean) => void;
}

/**
 * The inspector of the selected card or line. It follows the selection itself (the editor around
 * it does not re-render for a new one), one frame late: docs/ARCHITECTURE.md, "The board in the
 * browser: an arrow key's frame".
 */
export const BoardInspector = memo(function BoardInspector({ doc, selections, actions, onFocusChange }: BoardInspectorProps) {
  // One frame late: an arrow key's frame holds only the canvas's change, the inspector's comes after it.
  const selection = usePaintedSnapshot(selections.subscribe, selections.get);
  const [collapsed, setCollapsed] = useState(false);
  const card = selection?.kind === "card" ? cardIndex(doc.cards).get(selection.id) : undefined;
  const line = selection?.kind === "line" ? doc.lines.find((candidate) => candidate.id === selection.id) : undefined;
  return (
    <div
      className="contents"
      onFocus={() => onFocusChange(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onFocusChange(false);
      }}
    >
      <InspectorPanel
        title={card ? "Card" : line ? "Line" : "Inspector"}
        active={Boolean(card || line)}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        onClose={() => actions.select(null)}
      >
        {card ? (
          <CardInspector
            card={card}
            onChange={(patch, key) => actions.updateCard(card.id, patch, key)}
            onMove={(target) => actions.moveCardTo(card.id, target)}
            onResize={(span) => actions.resizeCardTo(card.id, span)}
            onDelete={() => actions.deleteCard(card.id)}
          />
        ) : line ? (
          <LineInspector line={line} onChange={(patch) => actions.updateLine(line.id, patch)} onDelete={() => actions.deleteLine(line.id)} />
        ) : (
          <InspectorHint />
        )}
      </InspectorPanel>
    </div>
  );
});
