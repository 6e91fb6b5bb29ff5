"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from "react";
import { roomFor, scrollForZoomAround, zoomFrameOf } from "./board-zoom-frame";
import { clampZoom, fitZoom, MIN_FIT_ZOOM, PHONE_MIN_ZOOM, stepZoom } from "./zoom-levels";
import type { ZoomStore } from "./zoom-store";

/** Below this width the board is on a phone: it opens fitted to the screen's width. */
const PHONE_WIDTH = 640;
/** Two taps this close in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_DISTANCE = 30;

/** A phone's zoom for a board: fitted to the screen's width, at most 100 %, at least PHONE_MIN_ZOOM. */
function phoneZoom(room: number, contentWidth: number): number {
  return Math.max(PHONE_MIN_ZOOM, Math.min(1, room / contentWidth));
}

export interface BoardZoomControls {
  zoomIn: () => void;
  zoomOut: () => void;
  reset: () => void;
  fit: () => void;
}

/**
 * The board's zoom input (docs/ARCHITECTURE.md, "Zoom"): Ctrl/Cmd+wheel and a trackpad's pinch
 * around the pointer, two-finger pinch and double tap on a touch screen; its keys (Ctrl/Cmd + `+`
 * `-` `0`, Shift+1 to fit the whole board) are commands of the board (board-commands.ts) calling
 * the controls returned here. Wheel and pinch steps are gathered per frame, so a fast wheel
 * costs one render a frame. The stored zoom is applied before the first paint; a phone with none
 * opens fitted to its width (not below PHONE_MIN_ZOOM), at the board's top-left. Every step is shown on the DOM at once and rendered once the steps
 * rest (ZoomStore.show, docs/PERFORMANCE.md "Zoom"), so a gesture's frames cost no render.
 */
export function useBoardZoom(store: ZoomStore, scrollerRef: RefObject<HTMLElement | null>, enabled = true): BoardZoomControls {
  const zoomAround = useCallback(
    (zoom: number, clientX: number, clientY: number, floor = MIN_FIT_ZOOM) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      // From what is on screen: during a gesture the rendered zoom is behind it.
      const from = store.shown();
      const to = clampZoom(zoom, Math.min(floor, from));
      if (to === from) return;
      store.show(to, scrollForZoomAround(scroller, from, to, clientX, clientY));
    },
    [store, scrollerRef],
  );

  const aroundCentre = useCallback(
    (zoom: number) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      const box = scroller.getBoundingClientRect();
      zoomAround(zoom, box.left + box.width / 2, box.top + box.height / 2);
    },
    [scrollerRef, zoomAround],
  );

  const controls = useMemo<BoardZoomControls>(
    () => ({
      zoomIn: () => aroundCentre(stepZoom(store.shown(), 1)),
      zoomOut: () => aroundCentre(stepZoom(store.shown(), -1)),
      reset: () => aroundCentre(1),
      fit: () => {
        const scroller = scrollerRef.current;
        if (!scroller) return;
        const { contentWidth, contentHeight } = zoomFrameOf(scroller);
        store.show(fitZoom({ width: contentWidth, height: contentHeight }, roomFor(scroller)), { left: 0, top: 0 });
      },
    }),
    [aroundCentre, scrollerRef, store],
  );

  // The stored zoom, or on a phone the screen's width, before the first paint.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const stored = store.stored();
    if (stored !== null) return store.set(stored, null, false);
    if (scroller.clientWidth >= PHONE_WIDTH) return;
    const { contentWidth } = zoomFrameOf(scroller);
    if (contentWidth > 0) store.set(phoneZoom(roomFor(scroller).width, contentWidth), { left: 0, top: 0 }, false);
  }, [store, scrollerRef]);

  const frame = useRef<{ factor: number; x: number; y: number; id: number } | null>(null);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !enabled) return;

    const gather = (factor: number, x: number, y: number) => {
      const pending = frame.current;
      if (pending) {
        pending.factor *= factor;
        pending.x = x;
        pending.y = y;
        return;
      }
      const next = { factor, x, y, id: 0 };
      next.id = requestAnimationFrame(() => {
        frame.current = null;
        zoomAround(store.shown() * next.factor, next.x, next.y);
      });
      frame.current = next;
    };

    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      // Chromium and Firefox report a trackpad pinch as a wheel with Ctrl held: the same path.
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 20 : event.deltaY;
      gather(Math.exp(-Math.max(-100, Math.min(100, delta)) * 0.0025), event.clientX, event.clientY);
    };

    // Safari's trackpad pinch: gesture events with a running scale.
    let gestureScale = 1;
    const onGestureStart = (event: Event) => {
      event.preventDefault();
      gestureScale = 1;
    };
    const onGestureChange = (event: Event) => {
      event.preventDefault();
      const gesture = event as Event & { scale: number; clientX: number; clientY: number };
      gather(gesture.scale / gestureScale, gesture.clientX, gesture.clientY);
      gestureScale = gesture.scale;
    };

    // Two fingers pinch; one finger tapping twice off a card toggles between 100 % and the width.
    let pinch: { distance: number } | null = null;
    let lastTap: { at: number; x: number; y: number } | null = null;
    const spread = (touches: TouchList) => {
      const [a, b] = [touches[0]!, touches[1]!];
      return { distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
    };
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      pinch = { distance: spread(event.touches).distance };
      // The first finger's press began a drag or a selection rectangle: a pinch is neither, so it ends unmade.
      window.dispatchEvent(new PointerEvent("pointercancel"));
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const now = spread(event.touches);
      if (pinch.distance > 0) gather(now.distance / pinch.distance, now.x, now.y);
      pinch.distance = now.distance;
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
      const touch = event.changedTouches[0];
      if (!touch || event.touches.length > 0) return;
      const target = event.target as HTMLElement;
      if (target.closest("[data-card-id], button, a, input, textarea")) {
        lastTap = null;
        return;
      }
      const at = event.timeStamp;
      if (lastTap && at - lastTap.at < DOUBLE_TAP_MS && Math.hypot(touch.clientX - lastTap.x, touch.clientY - lastTap.y) < DOUBLE_TAP_DISTANCE) {
        lastTap = null;
        event.preventDefault();
        const zoom = store.shown();
        if (zoom < 0.99) zoomAround(1, touch.clientX, touch.clientY);
        else {
          const { contentWidth } = zoomFrameOf(scroller);
          zoomAround(contentWidth > 0 ? phoneZoom(roomFor(scroller).width, contentWidth) : 1, touch.clientX, touch.clientY);
        }
        return;
      }
      lastTap = { at, x: touch.clientX, y: touch.clientY };
    };

    scroller.addEventListener("wheel", onWheel, { passive: false });
    scroller.addEventListener("gesturestart", onGestureStart);
    scroller.addEventListener("gesturechange", onGestureChange);
    scroller.addEventListener("touchstart", onTouchStart, { passive: true });
    scroller.addEventListener("touchmove", onTouchMove, { passive: false });
    scroller.addEventListener("touchend", onTouchEnd);
    return () => {
      scroller.removeEventListener("wheel", onWheel);
      scroller.removeEventListener("gesturestart", onGestureStart);
      scroller.removeEventListener("gesturechange", onGestureChange);
      scroller.removeEventListener("touchstart", onTouchStart);
      scroller.removeEventListener("touchmove", onTouchMove);
      scroller.removeEventListener("touchend", onTouchEnd);
      if (frame.current) cancelAnimationFrame(frame.current.id);
      frame.current = null;
    };
  }, [store, scrollerRef, enabled, zoomAround, controls]);

  return controls;
}
