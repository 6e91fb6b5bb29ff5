/**
 * A key chord as the command table writes it: modifiers and one key joined by "+", e.g.
 * "Mod+Shift+L", "Alt+ArrowUp", "Delete", "?". "Mod" is Ctrl, or Cmd on a Mac. Two keys stand for a
 * class of keys: "Arrow" (any arrow key) and "Char" (a key that types a character). Named keys:
 * "Plus", "Equal", "Minus", "Space" (the characters), "Digit1" (the 1 key, whatever Shift makes of it).
 */
export interface KeyChord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

const NAMED: Record<string, string> = { Plus: "+", Equal: "=", Minus: "-", Underscore: "_", Space: " " };
const ARROWS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

export function parseChord(text: string): KeyChord {
  const parts = text.split("+");
  const key = parts.pop() ?? "";
  return { mod: parts.includes("Mod"), shift: parts.includes("Shift"), alt: parts.includes("Alt"), key: NAMED[key] ?? key };
}

/** The fields of a keyboard event a chord is matched on (a DOM or a React event). */
export interface KeyInput {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** A key that types a character (what "Char" matches): not Space, which keeps its own use (a card's checkbox). */
export function typedCharacter(event: KeyInput): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key.length !== 1 && !/^\p{L}$/u.test(event.key)) return null;
  return event.key === " " ? null : event.key;
}

/** A symbol typed with Shift on some keyboards ("?", "+"): Shift is part of the character, not a modifier of it. */
function shiftIsTheCharacter(key: string): boolean {
  return key.length === 1 && !/[\p{L}\p{N}]/u.test(key);
}

export function matchesChord(chord: KeyChord, event: KeyInput): boolean {
  if (chord.mod !== (event.ctrlKey || event.metaKey) || chord.alt !== event.altKey) return false;
  if (chord.key === "Char") return typedCharacter(event) !== null;
  if (chord.shift !== event.shiftKey && !shiftIsTheCharacter(chord.key)) return false;
  if (chord.key === "Arrow") return ARROWS.has(event.key);
  if (chord.key.startsWith("Digit")) return event.code === chord.key;
  if (chord.key.length === 1 && /\p{L}/u.test(chord.key)) {
    // Option+letter on a Mac types another character ("å"): the physical key decides then.
    return event.key.toLowerCase() === chord.key.toLowerCase() || (event.altKey && event.code === `Key${chord.key.toUpperCase()}`);
  }
  return event.key === chord.key;
}

const KEY_LABELS: Record<string, string> = {
  ArrowUp: "↑",
  ArrowDown: "↓",
  ArrowLeft: "←",
  ArrowRight: "→",
  Arrow: "arrows",
  Char: "Type a character",
  ContextMenu: "menu key",
  "-": "−",
  Digit1: "1",
  " ": "Space",
};

/** How a chord is shown to people: "Ctrl+Shift+L", "Alt+Shift+↑". Cmd stands for Ctrl on a Mac (the dialog says so). */
export function chordLabel(text: string): string {
  const chord = parseChord(text);
  const key = KEY_LABELS[chord.key] ?? (chord.key.length === 1 ? chord.key.toUpperCase() : chord.key);
  const mods = [chord.mod && "Ctrl", chord.alt && "Alt", chord.shift && !shiftIsTheCharacter(chord.key) && "Shift"].filter(Boolean);
  if (chord.key === "Arrow" && mods.length) return `${mods.join("+")}+arrows`;
  if (chord.key === "Arrow") return "Arrows";
  return [...mods, key].join("+");
}

const ARIA_KEYS: Record<string, string> = {
  ArrowUp: "ArrowUp",
  ArrowDown: "ArrowDown",
  ArrowLeft: "ArrowLeft",
  ArrowRight: "ArrowRight",
  "-": "Minus",
  " ": "Space",
};

/** The chord as aria-keyshortcuts says it ("Control+Shift+L"); null for a class of keys, which that attribute cannot name. */
export function ariaChord(text: string): string | null {
  const chord = parseChord(text);
  if (chord.key === "Arrow" || chord.key === "Char") return null;
  const key = ARIA_KEYS[chord.key] ?? (chord.key.startsWith("Digit") ? chord.key.slice(5) : chord.key.length === 1 ? chord.key.toUpperCase() : chord.key);
  return [chord.mod && "Control", chord.alt && "Alt", chord.shift && !shiftIsTheCharacter(chord.key) && "Shift", key].filter(Boolean).join("+");
}

/** A chord in one canonical spelling, to find a key bound twice. */
export function chordIdentity(text: string): string {
  const chord = parseChord(text);
  const key = chord.key.length === 1 ? chord.key.toLowerCase() : chord.key;
  return `${chord.mod ? "M" : ""}${chord.alt ? "A" : ""}${chord.shift && !shiftIsTheCharacter(chord.key) ? "S" : ""}:${key}`;
}
