/** The zoom range people step through (Ctrl/Cmd+wheel, +/-, the buttons): 25 % to 200 %. */
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 2;
/**
 * A phone opens a board fitted to its width, but never below this (a 14 px text at 10.5 px): a
 * wide board opens readable at its top-left corner, the rest a scroll away (docs/ARCHITECTURE.md, "Zoom").
 */
export const PHONE_MIN_ZOOM = 0.75;
/**
 * Fitting a big board may go below MIN_ZOOM (a 100 x 100 board needs about 6 % on a laptop); it
 * stops here. Zooming in from there steps back into the range.
 */
export const MIN_FIT_ZOOM = 0.05;
/**
 * The legibility threshold: below it a card's text would be under 7 px, so cards are drawn as
 * blocks of their colour on one canvas instead of as elements (docs/ARCHITECTURE.md, "Zoom").
 */
export const LEGIBLE_ZOOM = 0.5;

/** The steps of the buttons and keys. */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2] as const;

export function clampZoom(zoom: number, floor = MIN_ZOOM): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(floor, Math.round(zoom * 1000) / 1000));
}

/** The next step above (direction 1) or below (-1) a zoom, or the zoom itself at the end of the range. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoom + 0.001) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 0.001) ?? Math.min(zoom, MIN_ZOOM);
}

/** The zoom at which content of this size fits a view, at most 100 %. */
export function fitZoom(content: { width: number; height: number }, view: { width: number; height: number }): number {
  if (content.width <= 0 || content.height <= 0 || view.width <= 0 || view.height <= 0) return 1;
  return clampZoom(Math.min(1, view.width / content.width, view.height / content.height), MIN_FIT_ZOOM);
}

/** "75 %": how a zoom is shown. */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)} %`;
}
