import { trackAt, type GridLayout, type Rect } from "./grid-geometry";

/** A region of the grid in pixels, from the grid's top-left corner. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The tracks a region touches, first and last inclusive. */
export interface TrackRange {
  row0: number;
  row1: number;
  col0: number;
  col1: number;
}

/**
 * What the server renders before anyone has measured a screen: a laptop-sized window from the
 * top-left corner. The client measures the real one before its first paint after hydration.
 */
export const DEFAULT_REGION: Region = { x: 0, y: 0, width: 1440, height: 900 };

/** Drawn beyond the visible edges, so a scroll of a few hundred pixels shows cards already there. */
export const OVERSCAN = { x: 480, y: 360 };

export function expandRegion(region: Region, by: { x: number; y: number } = OVERSCAN): Region {
  return { x: region.x - by.x, y: region.y - by.y, width: region.width + 2 * by.x, height: region.height + 2 * by.y };
}

export function regionContains(outer: Region, inner: Region): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

export function rangeOf(layout: GridLayout, region: Region): TrackRange {
  return {
    row0: trackAt(layout.rowStarts, region.y),
    row1: trackAt(layout.rowStarts, region.y + region.height),
    col0: trackAt(layout.colStarts, region.x),
    col1: trackAt(layout.colStarts, region.x + region.width),
  };
}

export function sameRange(a: TrackRange, b: TrackRange): boolean {
  return a.row0 === b.row0 && a.row1 === b.row1 && a.col0 === b.col0 && a.col1 === b.col1;
}

/** Whether a card (or any rectangle of cells) has a cell inside the range. */
export function rectTouches(range: TrackRange, rect: Rect): boolean {
  return rect.row <= range.row1 && rect.row + rect.rowSpan - 1 >= range.row0 && rect.col <= range.col1 && rect.col + rect.colSpan - 1 >= range.col0;
}

/** Whether a segment's bounding box meets a region (lines are drawn only when they can be seen). */
export function segmentTouches(region: Region, segment: { x1: number; y1: number; x2: number; y2: number }): boolean {
  const left = Math.min(segment.x1, segment.x2);
  const right = Math.max(segment.x1, segment.x2);
  const top = Math.min(segment.y1, segment.y2);
  const bottom = Math.max(segment.y1, segment.y2);
  return right >= region.x && left <= region.x + region.width && bottom >= region.y && top <= region.y + region.height;
}

/**
 * How far to scroll (dx, dy) so that `box` is inside `view` with a margin, or zeros when it is
 * already. A box larger than the view is aligned to its top-left corner.
 */
export function scrollToReveal(view: Region, box: Region, margin = 24): { dx: number; dy: number } {
  const axis = (start: number, size: number, viewStart: number, viewSize: number) => {
    if (start - margin < viewStart || size + 2 * margin > viewSize) return start - margin - viewStart;
    const end = start + size + margin;
    return end > viewStart + viewSize ? end - (viewStart + viewSize) : 0;
  };
  return { dx: axis(box.x, box.width, view.x, view.width), dy: axis(box.y, box.height, view.y, view.height) };
}
