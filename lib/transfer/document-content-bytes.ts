import { CARD_FIXED_BYTES, LINE_BYTES, SNAP_CONTENT_BUDGET_BYTES } from "@/lib/board-model/snap-content-budget";
import { contentBudgetError } from "@/lib/errors/snap-content-budget-error";
import type { SnapDocument } from "./transfer-schemas";

/** A text's weight: its UTF-8 bytes as a JSON string carries it, without the quotes. */
const textBytes = (text: string | undefined) => (text ? Buffer.byteLength(JSON.stringify(text)) - 2 : 0);

/**
 * What a snap made from the document weighs against the content budget (docs/API.md, "Content
 * budget"), its cards' attachment lists aside: those are weighed when stored, by the database.
 */
export function documentContentBytes(document: SnapDocument): number {
  let bytes = document.lines.length * LINE_BYTES;
  for (const card of document.cards) bytes += CARD_FIXED_BYTES + textBytes(card.title) + textBytes(card.note);
  return bytes;
}

/**
 * 413 before any work when the document alone passes the content budget: a dry run says so too,
 * and an archive's files are not stored for a snap that cannot be made. The database checks again
 * as the cards are written (attachments included).
 */
export function assertDocumentWithinBudget(document: SnapDocument): void {
  const adding = documentContentBytes(document);
  if (adding > SNAP_CONTENT_BUDGET_BYTES) throw contentBudgetError({ budget: SNAP_CONTENT_BUDGET_BYTES, used: 0, adding });
}
