export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * A connector from one card to another, between the midpoints of the sides that face each other:
 * left/right when the cards are further apart across than down, else top/bottom. Cards that touch
 * diagonally then still get a visible line along the gap, not a sliver at the corner. Null when the
 * boxes overlap on that axis (nothing sensible to draw). The board's lines overlay and the SVG export
 * both draw with it, so an export looks like the board.
 */
export function connectorPath(from: Box, to: Box, margin = 3): Segment | null {
  const dx = to.x + to.width / 2 - (from.x + from.width / 2);
  const dy = to.y + to.height / 2 - (from.y + from.height / 2);
  if (dx === 0 && dy === 0) return null;
  if (Math.abs(dx) >= Math.abs(dy)) {
    const [left, right] = dx > 0 ? [from, to] : [to, from];
    if (left.x + left.width > right.x) return null;
    const start = { x: left.x + left.width + margin, y: left.y + left.height / 2 };
    const end = { x: right.x - margin, y: right.y + right.height / 2 };
    return dx > 0 ? { x1: start.x, y1: start.y, x2: end.x, y2: end.y } : { x1: end.x, y1: end.y, x2: start.x, y2: start.y };
  }
  const [top, bottom] = dy > 0 ? [from, to] : [to, from];
  if (top.y + top.height > bottom.y) return null;
  const start = { x: top.x + top.width / 2, y: top.y + top.height + margin };
  const end = { x: bottom.x + bottom.width / 2, y: bottom.y - margin };
  return dy > 0 ? { x1: start.x, y1: start.y, x2: end.x, y2: end.y } : { x1: end.x, y1: end.y, x2: start.x, y2: start.y };
}
