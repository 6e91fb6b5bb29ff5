import type { BoardCard } from "./board-types";

const TYPE_NAMES: Record<string, string> = { todo: "to-do", status: "status", link: "link", image: "image", designembed: "design embed" };

/** The accessible name of a card: where it is, then what it says (and its type, when special). */
export function cardLabel(card: BoardCard): string {
  const where = `Row ${card.row + 1}, column ${card.col + 1}`;
  const type = TYPE_NAMES[card.cellType];
  const state = card.cellType === "todo" ? (card.completed ? ", done" : ", not done") : "";
  const note = shorten(card.note);
  return `${where}: ${shorten(card.title) || "empty"}${type ? ` (${type}${state})` : ""}${note ? `. Note: ${note}` : ""}`;
}

function shorten(text: string): string {
  const flat = text.trim().replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}
