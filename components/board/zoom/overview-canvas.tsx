"use client";

import { memo, useEffect, useLayoutEffect, useRef } from "react";
import type { BoardCard } from "../state/board-types";
import { rectBox, type GridLayout, type Occupancy } from "../grid/grid-geometry";
import { boardScroller } from "../grid/use-grid-window";
import { startBoardPicture, type BoardPicture } from "./board-picture";
import { cardsInRegion, drawCardBlocks, themeColors } from "./card-blocks";
import { drawCardTitles, titlesFit } from "./card-titles";
import { LEGIBLE_ZOOM } from "./zoom-levels";
import type { LiveZoom } from "./zoom-store";

interface OverviewCanvasProps {
  cells: Occupancy;
  layout: GridLayout;
  /** The zoom the board is rendered at; `liveZoom` the one a gesture shows ahead of it. */
  zoom: number;
  liveZoom?: LiveZoom;
  /** The grid's margin inside the zoomed content, in board pixels. */
  margin: number;
  /** The frozen headers' size: the canvas sticks just inside them. */
  gutter: number;
  /** The selected card, ringed. */
  selected: BoardCard | null;
}

/**
 * Below the legibility threshold (LEGIBLE_ZOOM) cards are drawn here as blocks of their colour,
 * with their titles as long as a line fits (card-titles.ts):
 * one canvas the size of the screen, sticking to the scroller, redrawn on each scroll frame and
 * each step of a zoom gesture with only the cards it shows. A fitted 100 x 100 board costs one
 * canvas, not 10,000 elements. It draws while the rendered or the shown zoom is below the
 * threshold: a gesture that crosses it shows blocks until the board renders at the new zoom.
 * During a gesture each step copies from a picture of the whole board (a scaled drawImage, whatever
 * the board's size), drawn in idle slices from the gesture's first step (board-picture.ts); until
 * it is done, and at rest, the blocks on screen are drawn exactly.
 */
export const OverviewCanvas = memo(function OverviewCanvas({ cells, layout, zoom, liveZoom, margin, gutter, selected }: OverviewCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pictureRef = useRef<BoardPicture | null>(null);
  useEffect(() => () => pictureRef.current?.cancel(), []);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const scroller = boardScroller(canvas);
    const content = canvas?.parentElement?.querySelector<HTMLElement>("[data-zoom-content]");
    if (!canvas || !scroller || !content) return;
    const ratio = window.devicePixelRatio || 1;
    let colors: ReturnType<typeof themeColors> | null = null;
    let frame = 0;
    let queued = false;
    const draw = () => {
      frame = 0;
      queued = false;
      const shown = liveZoom?.shown() ?? zoom;
      const active = shown < LEGIBLE_ZOOM || zoom < LEGIBLE_ZOOM;
      const width = active ? Math.max(0, Math.min(scroller.clientWidth - gutter, (layout.width + 2 * margin) * shown)) : 0;
      const height = active ? Math.max(0, Math.min(scroller.clientHeight - gutter, (layout.height + 2 * margin) * shown)) : 0;
      if (canvas.style.width !== `${width}px` || canvas.style.height !== `${height}px`) {
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      if (!active || width === 0 || height === 0) return;
      const context = canvas.getContext("2d");
      if (!context) return;
      colors ??= themeColors(canvas);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);
      // Where the canvas sits over the zoomed content (it sticks while the content scrolls): in board pixels.
      const canvasBox = canvas.getBoundingClientRect();
      const contentBox = content.getBoundingClientRect();
      const left = (canvasBox.left - contentBox.left) / shown - margin;
      const top = (canvasBox.top - contentBox.top) / shown - margin;
      const region = { x: left, y: top, width: width / shown, height: height / shown };
      const picture = shown !== zoom ? pictureOf(colors) : null;
      const titled = titlesFit(layout, shown);
      const shownCards = !picture?.done || titled ? cardsInRegion(layout, cells, region) : [];
      if (picture?.done) {
        // A gesture's step: the picture, scaled.
        const { scale } = picture;
        context.imageSmoothingEnabled = true;
        context.drawImage(picture.canvas, (left + margin) * scale, (top + margin) * scale, region.width * scale, region.height * scale, 0, 0, width, height);
      } else {
        drawCardBlocks(context, shownCards, layout, { x: left, y: top, zoom: shown }, colors);
      }
      // The titles over the blocks, at rest and at each step of a gesture alike.
      canvas.dataset.titles = String(titled ? drawCardTitles(context, shownCards, layout, { x: left, y: top, zoom: shown }, colors) : 0);
      if (selected) {
        const box = rectBox(layout, selected);
        context.lineWidth = 2;
        context.strokeStyle = colors.ring;
        context.strokeRect((box.x - left) * shown - 2, (box.y - top) * shown - 2, box.width * shown + 4, box.height * shown + 4);
        context.lineWidth = 1;
      }
    };
    /** The picture for these cells, started (in idle slices) if it is not. */
    const pictureOf = (look: ReturnType<typeof themeColors>): BoardPicture => {
      const kept = pictureRef.current;
      if (kept && kept.cells === cells && kept.layout === layout) return kept;
      kept?.cancel();
      return (pictureRef.current = startBoardPicture(layout, cells, margin, look));
    };
    draw();
    // Below the threshold a gesture is near: its picture is drawn ahead.
    if (zoom < LEGIBLE_ZOOM) pictureOf((colors ??= themeColors(canvas)));
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    // After the gesture's other listeners (the sizer's --zoom and scroll), before the frame is painted.
    const onLive = () => {
      // The gesture's first step starts the picture, which its later steps below the threshold copy.
      pictureOf((colors ??= themeColors(canvas)));
      if (queued) return;
      queued = true;
      queueMicrotask(draw);
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    const unsubscribe = liveZoom?.subscribeLive(onLive);
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      unsubscribe?.();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [cells, layout, zoom, liveZoom, margin, gutter, selected]);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-overview-canvas
      className="pointer-events-none"
      style={{ gridRow: 2, gridColumn: 2, alignSelf: "start", justifySelf: "start", position: "sticky", top: gutter, left: gutter, width: 0, height: 0 }}
    />
  );
});
