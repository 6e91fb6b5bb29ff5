/** The side or corner of a card a resize drag holds: n(orth), e(ast), s(outh), w(est) and the corners between. */
export type ResizeEdge = "n" | "e" | "s" | "w" | "ne" | "nw" | "se" | "sw";

const EDGES: { edge: ResizeEdge; className: string }[] = [
  { edge: "n", className: "top-0 inset-x-4 h-1.5 cursor-ns-resize" },
  { edge: "s", className: "bottom-0 inset-x-4 h-1.5 cursor-ns-resize" },
  { edge: "w", className: "left-0 inset-y-4 w-1.5 cursor-ew-resize" },
  { edge: "e", className: "right-0 inset-y-4 w-1.5 cursor-ew-resize" },
  { edge: "nw", className: "top-0 left-0 size-4 cursor-nwse-resize" },
  { edge: "ne", className: "top-0 right-0 size-4 cursor-nesw-resize" },
  { edge: "sw", className: "bottom-0 left-0 size-4 cursor-nesw-resize" },
];

/**
 * The selected card's resize handles: every side and corner (pointer only; the inspector's span
 * and position fields do the same from the keyboard). The bottom-right corner is drawn.
 */
export function ResizeHandles() {
  return (
    <>
      {EDGES.map(({ edge, className }) => (
        <span key={edge} data-resize-handle={edge} aria-hidden="true" className={`absolute z-10 touch-none ${className}`} />
      ))}
      <span
        data-resize-handle="se"
        aria-hidden="true"
        className="absolute right-0 bottom-0 z-10 flex size-5 cursor-se-resize touch-none items-end justify-end p-1"
      >
        <span className="size-2.5 rounded-sm border-r-2 border-b-2 border-indigo-500" />
      </span>
    </>
  );
}

/** The rectangle a card covers when the edge held is dragged to a cell. */
export function reshapedRect(
  card: { row: number; col: number; rowSpan: number; colSpan: number },
  edge: ResizeEdge,
  cell: { row: number; col: number },
): { row: number; col: number; rowSpan: number; colSpan: number } {
  let top = card.row;
  let left = card.col;
  let bottom = card.row + card.rowSpan - 1;
  let right = card.col + card.colSpan - 1;
  if (edge.includes("n")) top = Math.min(cell.row, bottom);
  if (edge.includes("s")) bottom = Math.max(cell.row, top);
  if (edge.includes("w")) left = Math.min(cell.col, right);
  if (edge.includes("e")) right = Math.max(cell.col, left);
  return { row: top, col: left, rowSpan: bottom - top + 1, colSpan: right - left + 1 };
}
