const TEXT_INPUT_TYPES = new Set(["text", "search", "url", "email", "password", "number", "tel"]);

/**
 * A field with its own keys and clipboard: typing, Ctrl+Z and Ctrl+C there are the field's, not the
 * board's (a checkbox or a button is not one).
 */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/** Focus is on the board's grid (or nowhere, after a click on the canvas), and no dialog is open: the board's keys and clipboard apply. */
export function focusOnBoard(): boolean {
  const active = document.activeElement;
  if (document.querySelector("dialog[open]")) return false;
  if (!active || active === document.body) return true;
  return active.closest('[data-board-root] [role="grid"]') !== null;
}
