"use client";

import { memo, useMemo } from "react";
import type { BoardCard } from "../state/board-types";
import { rectBox, type GridLayout, type Occupancy } from "../grid/grid-geometry";
import { rectTouches, type TrackRange } from "../grid/grid-window";
import { isBlankCard } from "../grid/grid-plans";
import type { GroupPreview } from "./group-pointer";

interface GroupDropPreviewProps {
  preview: Extract<GroupPreview, { kind: "group" }>;
  layout: GridLayout;
  byId: ReadonlyMap<string, BoardCard>;
  cells: Occupancy;
  range: TrackRange;
}

/**
 * Where each card of a dragged selection lands, drawn for the cards near the screen (the preview
 * follows the screen, not the selection's size). A landing on a card with content is drawn red:
 * the drop will be refused, and says why.
 */
export const GroupDropPreview = memo(function GroupDropPreview({ preview, layout, byId, cells, range }: GroupDropPreviewProps) {
  const { ids, dRow, dCol } = preview;
  const selected = useMemo(() => new Set(ids), [ids]);
  const landings = useMemo(() => {
    const shown: { id: string; box: ReturnType<typeof rectBox>; blocked: boolean }[] = [];
    for (const id of ids) {
      const card = byId.get(id);
      if (!card) continue;
      const target = { row: card.row + dRow, col: card.col + dCol, rowSpan: card.rowSpan, colSpan: card.colSpan };
      if (!rectTouches(range, target)) continue;
      let blocked = false;
      for (let row = target.row; row < target.row + target.rowSpan && !blocked; row += 1) {
        for (let col = target.col; col < target.col + target.colSpan; col += 1) {
          const other = cells[row]?.[col];
          if (other && !selected.has(other.id) && !isBlankCard(other)) {
            blocked = true;
            break;
          }
        }
      }
      shown.push({ id, box: rectBox(layout, target), blocked });
    }
    return shown;
  }, [ids, byId, dRow, dCol, range, cells, selected, layout]);
  const blocked = landings.some((landing) => landing.blocked);
  return (
    <div aria-hidden="true" data-drop-preview="group" data-blocked={blocked || undefined} className="pointer-events-none absolute inset-0 z-20">
      {landings.map(({ id, box, blocked: here }) => (
        <div
          key={id}
          className={`absolute rounded-lg border-2 border-dashed ${here ? "border-red-500 bg-red-500/15" : "border-indigo-500 bg-indigo-500/10"}`}
          style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
        />
      ))}
    </div>
  );
});
