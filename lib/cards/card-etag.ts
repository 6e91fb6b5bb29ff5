import { entityTag } from "@/lib/http/etag";
import { cardSelect, type CardView } from "../board-model/card-selects";

const FIELDS = Object.keys(cardSelect) as (keyof CardView)[];

/**
 * A card's ETag: a digest of its fields, in cardSelect's order (a card is small; no version column
 * needed); its attachments by their ids, comma-separated (a file's other fields never change).
 */
export function cardEtag(card: CardView): string {
  return entityTag("card", ...FIELDS.map((field) => (field === "attachments" ? card.attachments.map((file) => file.id).join(",") : card[field])));
}
