/** The new board's shape, rows x cols, drawn with two gradients rather than one element per cell. */
export function GridShapePreview({ rows, cols }: { rows: number; cols: number }) {
  const line = "rgb(203 213 225)";
  return (
    <div
      aria-hidden="true"
      className="mx-auto h-24 max-w-full rounded-md bg-white ring-1 ring-slate-300"
      style={{
        aspectRatio: `${cols} / ${rows}`,
        backgroundImage: `linear-gradient(to right, ${line} 1px, transparent 1px), linear-gradient(to bottom, ${line} 1px, transparent 1px)`,
        backgroundSize: `${100 / cols}% ${100 / rows}%`,
        backgroundPosition: "-1px -1px",
      }}
    />
  );
}
