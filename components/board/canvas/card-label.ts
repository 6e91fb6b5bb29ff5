import { cardTypeOf } from "@/lib/card-types/registry";
import type { BoardCard } from "../state/board-types";

/** The accessible name of a card: where it is, then what it says (and its type, when special). */
export function cardLabel(card: BoardCard): string {
  const where = `Row ${card.row + 1}, column ${card.col + 1}`;
  const type = cardTypeOf(card.cellType);
  const spoken = type.spokenName ? ` (${type.spokenName}${type.spokenState?.(card) ?? ""})` : "";
  const note = shorten(card.note);
  return `${where}: ${shorten(card.title) || "empty"}${spoken}${note ? `. Note: ${note}` : ""}`;
}

function shorten(text: string): string {
  const flat = text.trim().replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}
