import type { TemplateSummary } from "./template-types";

const MAX_TRACKS = 8;

/** A template's grid in miniature: its first cards at their places and colors, the rest as empty cells. */
export function TemplatePreview({ template }: { template: TemplateSummary }) {
  const rows = Math.min(template.rows, MAX_TRACKS);
  const cols = Math.min(template.cols, MAX_TRACKS);
  const cells = template.previewCells.filter((cell) => cell.position.row < rows && cell.position.col < cols);
  return (
    <div
      aria-hidden="true"
      className="grid h-16 w-full gap-0.5 overflow-hidden rounded-md bg-slate-100 p-1"
      style={{ gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`, gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}
    >
      {cells.map((cell, index) => (
        <span
          key={index}
          className={`min-h-0 rounded-[2px] ring-1 ring-slate-300/70 ${cell.color ? "" : "bg-white"}`}
          style={{
            gridRow: `${cell.position.row + 1} / span ${Math.min(cell.rowSpan, rows - cell.position.row)}`,
            gridColumn: `${cell.position.col + 1} / span ${Math.min(cell.colSpan, cols - cell.position.col)}`,
            ...(cell.color ? { backgroundColor: cell.color } : {}),
          }}
        />
      ))}
    </div>
  );
}
