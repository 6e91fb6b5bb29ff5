const COLORS = ["", "#fde68a", "#bfdbfe", "#bbf7d0", "#fecaca", "#1e293b"];
const TYPES = ["normal", "todo", "status", "link"];

/** A board of size × size cards with varied fields, and `lines` lines between neighbours. */
export function boardDocument(title: string, size: number, lines: number) {
  const cards = Array.from({ length: size * size }, (_, index) => ({
    key: `c${index + 1}`,
    row: Math.floor(index / size),
    col: index % size,
    title: `Task ${index}: ${index % 3 === 0 ? "follow up with the team about the plan" : "ship it"}`,
    note: index % 4 === 0 ? `A note of a sentence or two about card ${index}.` : "",
    cellType: TYPES[index % TYPES.length],
    completed: index % 3 === 0,
    color: COLORS[index % COLORS.length],
    bold: index % 7 === 0,
    textAlign: (["left", "center", "right"] as const)[index % 3],
  }));
  const step = Math.floor((size * size) / lines);
  const lineList = Array.from({ length: lines }, (_, index) => ({
    from: `c${index * step + 1}`,
    to: `c${index * step + 2}`,
    style: index % 2 ? "dashed" : "solid",
  }));
  return { format: "snap-board", formatVersion: 1, snap: { title, rows: size, cols: size, rowHeights: { "0": 48 } }, cards, lines: lineList };
}
