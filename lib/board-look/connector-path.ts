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

/** How far along `d` (as a fraction of it) a ray from a box's centre leaves the box. */
function exitFraction(box: Box, dx: number, dy: number): number {
  const across = dx === 0 ? Infinity : box.width / 2 / Math.abs(dx);
  const down = dy === 0 ? Infinity : box.height / 2 / Math.abs(dy);
  return Math.min(across, down);
}

/**
 * A connector from one card to another: the line between their centres, cut where it leaves the
 * one and enters the other (`margin` pixels off each border), so both ends visibly meet the cards
 * they join, whatever their places: side by side it joins the facing sides' midpoints, and between
 * diagonal neighbours it crosses the corner between them rather than running along a gap beside a
 * third card. Null when the boxes overlap along that line (nothing sensible to draw). The board's
 * lines overlay and the SVG export both draw with it, so an export looks like the board.
 */
export function connectorPath(from: Box, to: Box, margin = 3): Segment | null {
  const fromX = from.x + from.width / 2;
  const fromY = from.y + from.height / 2;
  const dx = to.x + to.width / 2 - fromX;
  const dy = to.y + to.height / 2 - fromY;
  if (dx === 0 && dy === 0) return null;
  const start = exitFraction(from, dx, dy);
  const end = 1 - exitFraction(to, dx, dy);
  const length = Math.hypot(dx, dy);
  const gap = (end - start) * length;
  if (gap <= 0) return null;
  // The margin, but never more than a third of the gap: a tight gap still gets a visible line.
  const inset = Math.min(margin, gap / 3) / length;
  const point = (fraction: number) => ({ x: fromX + dx * fraction, y: fromY + dy * fraction });
  const a = point(start + inset);
  const b = point(end - inset);
  return { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
}
