/**
 * A card being dragged is moved directly on its element: one card follows the pointer and nothing
 * re-renders. These are the only styles the board writes outside React; `dropCard` clears them all.
 */
export function liftCard(element: HTMLElement, dx: number, dy: number): void {
  element.style.transform = `translate(${dx}px, ${dy}px)`;
  element.style.zIndex = "30";
  element.style.opacity = "0.85";
  element.style.pointerEvents = "none";
}

export function dropCard(element: HTMLElement): void {
  element.style.transform = "";
  element.style.zIndex = "";
  element.style.opacity = "";
  element.style.pointerEvents = "";
}
