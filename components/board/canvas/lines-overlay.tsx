"use client";

import { memo, useMemo, type KeyboardEvent } from "react";
import type { BoardCard, BoardLine } from "../state/board-types";
import { cardLabel } from "./card-label";
import { rectBox, type GridLayout } from "../grid/grid-geometry";
import { segmentTouches, type Region } from "../grid/grid-window";
import { connectorPath } from "@/lib/board-look/connector-path";

interface LinesOverlayProps {
  lines: readonly BoardLine[];
  cardsById: ReadonlyMap<string, BoardCard>;
  layout: GridLayout;
  /** The rendered part of the grid: lines that do not cross it are not drawn. */
  region: Region;
  editable: boolean;
  selectedLineId: string | null;
  onSelectLine: (id: string) => void;
  onDeleteLine: (id: string) => void;
}

function shortLabel(card: BoardCard): string {
  return cardLabel({ ...card, note: "" }).replace(/ \(.*\)$/, "");
}

/** Lines between cards, drawn over the grid; only the lines themselves take pointer input. */
export const LinesOverlay = memo(function LinesOverlay({
  lines,
  cardsById,
  layout,
  region,
  editable,
  selectedLineId,
  onSelectLine,
  onDeleteLine,
}: LinesOverlayProps) {
  const all = useMemo(
    () =>
      lines.flatMap((line) => {
        const from = cardsById.get(line.fromCardId);
        const to = cardsById.get(line.toCardId);
        if (!from || !to) return [];
        const path = connectorPath(rectBox(layout, from), rectBox(layout, to));
        return path ? [{ line, from, to, path }] : [];
      }),
    [lines, cardsById, layout],
  );
  const drawn = useMemo(() => all.filter(({ line, path }) => line.id === selectedLineId || segmentTouches(region, path)), [all, region, selectedLineId]);
  if (all.length === 0) return null;

  return (
    <svg
      className="pointer-events-none absolute top-0 left-0 z-10 overflow-visible"
      width={layout.width}
      height={layout.height}
      role={editable ? "group" : "img"}
      aria-label={editable ? "Lines" : `${all.length} line${all.length === 1 ? "" : "s"} between cards`}
    >
      <defs>
        {drawn.map(({ line }) => (
          <marker
            key={line.id}
            id={`board-arrow-${line.id}`}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto-start-reverse"
          >
            <path d="M0 0.5 L10 5 L0 9.5 z" fill={line.color} />
          </marker>
        ))}
      </defs>
      {drawn.map(({ line, from, to, path }) => {
        const selected = line.id === selectedLineId;
        const marker = `url(#board-arrow-${line.id})`;
        const onKeyDown = (event: KeyboardEvent<SVGLineElement>) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            onSelectLine(line.id);
          } else if (event.key === "Delete" || event.key === "Backspace") {
            event.preventDefault();
            onDeleteLine(line.id);
          }
        };
        return (
          <g key={line.id}>
            {selected && <line {...path} stroke="#6366f1" strokeOpacity={0.35} strokeWidth={9} strokeLinecap="round" />}
            {/* A halo in the surface colour (light or dark theme) keeps the line readable where it crosses a card. */}
            <line {...path} style={{ stroke: "var(--color-white)" }} strokeOpacity={0.75} strokeWidth={5} strokeLinecap="round" />
            <line
              {...path}
              stroke={line.color}
              strokeWidth={2}
              strokeLinecap="round"
              strokeDasharray={line.style === "dashed" ? "7 5" : undefined}
              markerEnd={line.arrow !== "none" ? marker : undefined}
              markerStart={line.arrow === "both" ? marker : undefined}
            />
            {editable && (
              <line
                {...path}
                data-line-id={line.id}
                role="button"
                tabIndex={0}
                aria-pressed={selected}
                aria-label={`Line from ${shortLabel(from)} to ${shortLabel(to)}`}
                stroke="transparent"
                strokeWidth={10}
                className="pointer-events-auto cursor-pointer focus:outline-none focus-visible:stroke-indigo-500/40"
                onClick={() => onSelectLine(line.id)}
                onKeyDown={onKeyDown}
              />
            )}
          </g>
        );
      })}
    </svg>
  );
});
