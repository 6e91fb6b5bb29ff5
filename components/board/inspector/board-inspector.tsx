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
import { useInspectorRail } from "./use-inspector-rail";
import { MultiCardInspector } from "./multi-card-inspector";
import { countLabel } from "../state/selection-model";
import { CardAttachments } from "../files/card-attachments";
import { InspectorSection } from "./inspector-section";

interface BoardInspectorProps {
  doc: BoardDoc;
  selections: SelectionStore;
  actions: BoardActions;
  /** Focus entered or left the panel: editing the selected card, which the others are told (presence). */
  onFocusChange: (focused: boolean) => void;
  /** The comments' sheet is open: on a phone the inspector's sheet steps aside, so neither covers the other. */
  sheetHidden?: boolean;
  /** A reader's inspector: only a selected card's attachments, to download (nothing when it has none). */
  readOnly?: boolean;
}

/**
 * The inspector of the selected card or line. It follows the selection itself (the editor around
 * it does not re-render for a new one), one frame late: docs/ARCHITECTURE.md, "The board in the
 * browser: an arrow key's frame".
 */
export const BoardInspector = memo(function BoardInspector({ doc, selections, actions, onFocusChange, sheetHidden, readOnly = false }: BoardInspectorProps) {
  // One frame late: an arrow key's frame holds only the canvas's change, the inspector's comes after it.
  const selection = usePaintedSnapshot(selections.subscribe, selections.get);
  const [collapsed, setCollapsed] = useState(false);
  const [railed, toggleRailed] = useInspectorRail();
  const card = selection?.kind === "card" ? cardIndex(doc.cards).get(selection.id) : undefined;
  const group = selection?.kind === "cards" ? selection.ids.flatMap((id) => cardIndex(doc.cards).get(id) ?? []) : [];
  const line = selection?.kind === "line" ? doc.lines.find((candidate) => candidate.id === selection.id) : undefined;
  if (readOnly) {
    if (!card?.attachments.length) return null;
    return (
      <InspectorPanel
        title="Card"
        active
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        railed={railed}
        onToggleRailed={toggleRailed}
        sheetHidden={sheetHidden}
        onClose={() => actions.select(null)}
      >
        <InspectorSection title="Attachments">
          <CardAttachments snapId={doc.snap.id} card={card} />
        </InspectorSection>
      </InspectorPanel>
    );
  }
  return (
    <div
      className="contents"
      onFocus={() => onFocusChange(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onFocusChange(false);
      }}
    >
      <InspectorPanel
        title={card ? "Card" : group.length > 1 ? countLabel(group.length) : line ? "Line" : "Inspector"}
        active={Boolean(card || line || group.length > 1)}
        collapsed={collapsed}
        onToggleCollapsed={() => setCollapsed((value) => !value)}
        railed={railed}
        onToggleRailed={toggleRailed}
        sheetHidden={sheetHidden}
        onClose={() => actions.select(null)}
      >
        {card ? (
          <CardInspector
            snapId={doc.snap.id}
            card={card}
            onChange={(patch, key) => actions.updateCard(card.id, patch, key)}
            onMove={(target) => actions.moveCard(card.id, target, "board")}
            onResize={(span) => actions.resizeCard(card.id, span, "board")}
            onDelete={() => actions.deleteCard(card.id)}
            onAttach={(file) => actions.attachFile(card.id, file)}
            onDetach={(fileId) => actions.detachFile(card.id, fileId)}
          />
        ) : group.length > 1 ? (
          <MultiCardInspector cards={group} onChange={actions.patchSelection} onDelete={actions.deleteSelection} />
        ) : line ? (
          <LineInspector line={line} onChange={(patch) => actions.updateLine(line.id, patch)} onDelete={() => actions.deleteLine(line.id)} />
        ) : (
          <InspectorHint />
        )}
      </InspectorPanel>
    </div>
  );
});
