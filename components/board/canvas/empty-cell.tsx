"use client";

import { memo } from "react";
import { PlusIcon } from "@/components/ui/icons";
import { cellKey, type Selection } from "../state/selection";
import { EMPTY_PLACE_CLASSES } from "./card-style";

interface EmptyCellProps {
  row: number;
  col: number;
  editable: boolean;
  selected: boolean;
  tabStop: boolean;
  onAdd: (row: number, col: number) => void;
  onSelect: (selection: Selection) => void;
}

/** A gridcell with no card: for editors, a button that adds a card there. */
export const EmptyCell = memo(function EmptyCell({ row, col, editable, selected, tabStop, onAdd, onSelect }: EmptyCellProps) {
  return (
    <div
      role="gridcell"
      data-empty-cell
      aria-rowindex={row + 1}
      aria-colindex={col + 1}
      aria-label={editable ? undefined : `Row ${row + 1}, column ${col + 1}: empty`}
      style={{ gridRow: row + 1, gridColumn: col + 1 }}
      // The same look as a blank card (EMPTY_PLACE_CLASSES): an empty place is visible without hovering.
      className={`group/cell flex items-center justify-center transition-colors ${EMPTY_PLACE_CLASSES} ${
        selected ? "border-indigo-400! bg-white/60!" : "hover:border-slate-400 hover:bg-white/60"
      }`}
    >
      {editable && (
        <button
          type="button"
          data-cell={cellKey(row, col)}
          tabIndex={tabStop ? 0 : -1}
          aria-label={`Add card at row ${row + 1}, column ${col + 1}`}
          title="Add card"
          onFocus={() => onSelect({ kind: "cell", row, col })}
          onClick={() => onAdd(row, col)}
          className={`flex size-9 items-center justify-center rounded-full bg-white text-slate-500 shadow-sm ring-1 ring-slate-200 transition-opacity group-hover/cell:opacity-100 hover:text-indigo-600 focus-visible:opacity-100 ${
            selected ? "opacity-100" : "opacity-0"
          }`}
        >
          <PlusIcon className="size-5" />
        </button>
      )}
    </div>
  );
});
