import { cardTypeViewOf } from "@/lib/card-types/views";
import type { PreviewCell } from "./dashboard-types";

const MAX_COLS = 4;
const MAX_ROWS = 3;

/**
 * The first cards of a snap (the listing's previewCells, at most 9) laid out where they sit on
 * the board, cropped to a 4 x 3 corner. Decorative: the tile's text says what the snap is.
 */
export function SnapPreview({ cells, cellCount }: { cells: PreviewCell[]; cellCount: number }) {
  const shown = cells.filter((cell) => cell.position.row < MAX_ROWS && cell.position.col < MAX_COLS);
  const rows = Math.max(1, ...shown.map((cell) => cell.position.row + 1));
  const cols = Math.max(1, ...shown.map((cell) => cell.position.col + 1));
  const byPosition = new Map(shown.map((cell) => [`${cell.position.row}:${cell.position.col}`, cell]));
  const hidden = cellCount - shown.length;

  return (
    <div aria-hidden="true" className="relative flex h-32 items-center rounded-t-2xl border-b border-slate-100 bg-slate-50 px-4">
      {cellCount === 0 ? (
        <p className="w-full text-center text-xs text-slate-500">Empty board</p>
      ) : (
        <div
          className="grid w-full justify-center gap-1.5"
          style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 4.5rem))`, gridTemplateRows: `repeat(${rows}, 1.75rem)` }}
        >
          {Array.from({ length: rows * cols }, (_, index) => {
            const cell = byPosition.get(`${Math.floor(index / cols)}:${index % cols}`);
            // A position past the first nine cards (or under a span): drawn faintly, not as a gap.
            if (!cell) return <span key={index} className="rounded-md bg-white/60 ring-1 ring-slate-200/60" />;
            // The card type's glyph and text color; unknown types look like normal text cards, as on the board.
            const { preview } = cardTypeViewOf(cell.type);
            return (
              <span
                key={index}
                className={`flex min-w-0 items-center gap-1 rounded-md bg-white px-1.5 shadow-[0_1px_1px_rgb(15_23_42/0.04)] ring-1 ring-slate-200 ${preview.textClass ?? "text-slate-600"}`}
              >
                {preview.glyph}
                {cell.title ? (
                  <span className="truncate text-[10px] leading-none font-medium">{cell.title}</span>
                ) : (
                  <span className="h-1 w-2/3 rounded-full bg-slate-100" />
                )}
              </span>
            );
          })}
        </div>
      )}
      {hidden > 0 && (
        <span className="absolute right-2 bottom-2 rounded-full bg-white/90 px-1.5 py-0.5 text-[10px] font-medium text-slate-500 ring-1 ring-slate-200">
          +{hidden}
        </span>
      )}
    </div>
  );
}
