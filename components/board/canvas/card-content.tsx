import { cardTypeOf } from "@/lib/card-types/registry";
import type { BoardCard } from "../state/board-types";
import { cardTypeViewOf } from "@/lib/card-types/views";
import { PlainText } from "@/lib/card-types/plain-text";
import { safeUrl } from "./safe-url";
import { isFilePath, useFileDisplayUrl } from "../files/file-url-context";

interface CardContentProps {
  card: BoardCard;
  editable: boolean;
  /** Embeds take pointer input only when selected, so a click elsewhere on them selects the card. */
  selected: boolean;
  onToggleTodo: (id: string) => void;
}

/**
 * What a card shows, by its type's view. A type whose title is a URL gets it only when it is safe;
 * any other title shows as text, as do cards of unknown types.
 */
export function CardContent({ card, editable, selected, onToggleTodo }: CardContentProps) {
  const type = cardTypeOf(card.cellType);
  const checked = type.url ? safeUrl(card.title, type.url) : null;
  // An uploaded image shows its display rendition (at most 2,048 px), not the original.
  const displayUrl = useFileDisplayUrl(card.title);
  const url = checked && card.cellType === "image" && isFilePath(checked) ? displayUrl : checked;
  if (type.url && !url) return <PlainText text={card.title} />;
  const { Content } = cardTypeViewOf(card.cellType);
  return <Content card={card} editable={editable} selected={selected} url={url} onToggleTodo={onToggleTodo} />;
}
