import { clampZoom, MIN_FIT_ZOOM } from "./zoom-levels";

/** What the board is drawn at, and where the scroller goes once it is drawn so (a zoom around a point). */
export interface ZoomView {
  zoom: number;
  /** The scroller's scroll position for this zoom, applied before the frame is painted; null keeps it. */
  scrollTo: { left: number; top: number } | null;
  /** A gesture's rest: the DOM shows this zoom already, and the window was measured at it (BoardCanvas). */
  rested?: boolean;
}

/** A zoom shown on the DOM during a gesture, before the board renders at it (BoardCanvas applies it). */
export interface LiveZoom {
  subscribeLive: (listener: (zoom: number, scrollTo: ZoomView["scrollTo"]) => void) => () => void;
  /** Called when a gesture rests, after the subscribers that render the new zoom were told. */
  subscribeRest: (listener: () => void) => () => void;
  shown: () => number;
}

const KEY_PREFIX = "snap-board:zoom:";
/** A gesture rests once no step came for this long (ms): then the board renders at its zoom. */
export const ZOOM_SETTLE_MS = 150;

/**
 * One board's zoom on this device: kept in localStorage per board (never sent to the server or to
 * the others on the board), so it survives a reload. An external store, so that a zoom re-renders
 * the canvas and the zoom controls only, not the editor around them.
 *
 * Two values: the zoom the board is rendered at (`get`, what React draws with) and the zoom shown
 * now (`shown`). A gesture (wheel, pinch, keys, fit) calls `show` for each step, which its live
 * listeners write straight to the DOM (one CSS variable and the scroll position, no render), and
 * `set` once it rests, which renders and re-windows the board (docs/PERFORMANCE.md, "Zoom").
 */
export class ZoomStore implements LiveZoom {
  private view: ZoomView = { zoom: 1, scrollTo: null };
  private live = 1;
  private settle: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly liveListeners = new Set<(zoom: number, scrollTo: ZoomView["scrollTo"]) => void>();
  private readonly restListeners = new Set<() => void>();

  constructor(private readonly boardId: string | null) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  subscribeLive = (listener: (zoom: number, scrollTo: ZoomView["scrollTo"]) => void) => {
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  };

  subscribeRest = (listener: () => void) => {
    this.restListeners.add(listener);
    return () => this.restListeners.delete(listener);
  };

  get = (): ZoomView => this.view;

  /** The zoom on screen now: during a gesture ahead of the rendered one. */
  shown = (): number => this.live;

  /** The zoom this device last used on the board, or null when it never changed it. */
  stored(): number | null {
    if (!this.boardId) return null;
    try {
      const value = Number(localStorage.getItem(KEY_PREFIX + this.boardId));
      return value > 0 ? clampZoom(value, MIN_FIT_ZOOM) : null;
    } catch {
      return null;
    }
  }

  /**
   * A gesture's step: shows `zoom` (clamped) at once without rendering, scrolled to `scrollTo`, and
   * keeps it for the next visit; the board renders at it once the steps rest (ZOOM_SETTLE_MS).
   * Without live listeners (nothing to write it to) it renders at once.
   */
  show(zoom: number, scrollTo: ZoomView["scrollTo"]): void {
    const next = clampZoom(zoom, MIN_FIT_ZOOM);
    if (next === this.live && !scrollTo) return;
    if (this.liveListeners.size === 0) return this.set(next, scrollTo);
    this.live = next;
    this.remember(next);
    for (const listener of this.liveListeners) listener(next, scrollTo);
    if (this.settle) clearTimeout(this.settle);
    this.settle = setTimeout(this.commit, ZOOM_SETTLE_MS);
  }

  /** The gesture rests: the board renders at the zoom shown (a new view even when the zoom came back to where it was). */
  commit = (): void => {
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    this.view = { zoom: this.live, scrollTo: null, rested: true };
    for (const listener of this.listeners) listener();
    for (const listener of this.restListeners) listener();
  };

  /** Whether a gesture's zoom is shown and not rendered yet. */
  pending(): boolean {
    return this.settle !== null;
  }

  /** Draws the board at `zoom` (clamped); `remember` keeps it for the next visit (a person's choice, not the phone's first fit). */
  set(zoom: number, scrollTo: ZoomView["scrollTo"], remember = true): void {
    const next = clampZoom(zoom, MIN_FIT_ZOOM);
    if (next === this.view.zoom && next === this.live && !scrollTo) return;
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    this.live = next;
    this.view = { zoom: next, scrollTo };
    if (remember) this.remember(next);
    for (const listener of this.listeners) listener();
  }

  private remember(zoom: number): void {
    if (!this.boardId) return;
    try {
      localStorage.setItem(KEY_PREFIX + this.boardId, String(zoom));
    } catch {
      // Storage full or disabled: the zoom is kept for this visit only.
    }
  }
}
