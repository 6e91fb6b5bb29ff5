"use client";

import { memo, useMemo } from "react";
import type { BoardCard } from "../state/board-types";
import { rectBox, type GridLayout, type Occupancy } from "../grid/grid-geometry";
import { rectTouches, type TrackRange } from "../grid/grid-window";
import { landingOn } from "../grid/placement";
import type { GroupPreview } from "./group-pointer";

interface GroupDropPreviewProps {
  preview: Extract<GroupPreview, { kind: "group" }>;
  layout: GridLayout;
  byId: ReadonlyMap<string, BoardCard>;
  cells: Occupancy;
  range: TrackRange;
  /** The drop would be refused (dropRefusal): every landing is drawn red. */
  refused: boolean;
}

/**
 * Where each card of a dragged selection lands, drawn for the cards near the screen (the preview
 * follows the screen, not the selection's size). A landing the placement rule refuses (a card with
 * content or a locked one under it) is drawn red: the drop will be refused, and says why.
 */
export const GroupDropPreview = memo(function GroupDropPreview({ preview, layout, byId, cells, range, refused }: GroupDropPreviewProps) {
  const { ids, dRow, dCol } = preview;
  const selected = useMemo(() => new Set(ids), [ids]);
  const landings = useMemo(() => {
    const shown: { id: string; box: ReturnType<typeof rectBox>; blocked: boolean }[] = [];
    for (const id of ids) {
      const card = byId.get(id);
      if (!card) continue;
      const target = { row: card.row + dRow, col: card.col + dCol, rowSpan: card.rowSpan, colSpan: card.colSpan };
      if (!rectTouches(range, target)) continue;
      const blocked = landingOn(target, (row, col) => cells[row]?.[col], selected).blocker !== null;
      shown.push({ id, box: rectBox(layout, target), blocked });
    }
    return shown;
  }, [ids, byId, dRow, dCol, range, cells, selected, layout]);
  const blocked = refused || landings.some((landing) => landing.blocked);
  return (
    <div aria-hidden="true" data-drop-preview="group" data-blocked={blocked || undefined} className="pointer-events-none absolute inset-0 z-20">
      {landings.map(({ id, box, blocked: here }) => (
        <div
          key={id}
          className={`absolute rounded-lg border-2 border-dashed ${here || refused ? "border-red-500 bg-red-500/15" : "border-indigo-500 bg-indigo-500/10"}`}
          style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
        />
      ))}
    </div>
  );
});
