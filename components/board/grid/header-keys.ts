import type { KeyboardEvent } from "react";
import type { Axis } from "./grid-plans";

/**
 * The frozen headers' keyboard (grid-headers.tsx): each strip is one Tab stop, its headers a roving
 * set. Along the strip (←/→ for columns, ↑/↓ for rows) the focus goes from header to header; across
 * it (↓ for a column, → for a row) into the header's remove button and resize handle, and back (↑,
 * ←) to the header. The handle keeps the arrows along its own axis for resizing.
 */
export function onHeaderKeyDown(event: KeyboardEvent<HTMLElement>, axis: Axis): void {
  const [previous, next] = axis === "col" ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
  const [back, into] = axis === "col" ? ["ArrowUp", "ArrowDown"] : ["ArrowLeft", "ArrowRight"];
  const target = event.target as HTMLElement;
  const track = target.closest<HTMLElement>("[data-track]");
  if (!track) return;
  const header = track.querySelector<HTMLElement>("[data-track-header]");
  const stops = [header, ...track.querySelectorAll<HTMLElement>("[data-track-stop]")].filter((stop): stop is HTMLElement => stop !== null);
  const at = stops.indexOf(target);
  let goTo: HTMLElement | null | undefined = null;
  if (target === header && (event.key === previous || event.key === next)) {
    const sibling = event.key === next ? track.nextElementSibling : track.previousElementSibling;
    goTo = sibling?.querySelector<HTMLElement>("[data-track-header]");
  } else if (event.key === into && at >= 0) goTo = stops[at + 1];
  else if (event.key === back && at > 0) goTo = stops[at - 1];
  else return;
  event.preventDefault();
  event.stopPropagation();
  goTo?.focus();
}
