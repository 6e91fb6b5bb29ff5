import "server-only";
import { CARD_COLUMN_TYPES, type CardColumn } from "@/lib/board-model/card-column-types";
import type { CardView } from "@/lib/board-model/card-selects";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import type { DocumentCard } from "./transfer-schemas";

// Attachments travel as file ids; the "Card_resolve_attachments" trigger keeps those of the new
// snap's own files (a .snap.zip's, inserted first) and fills in their names and sizes.
const FIELDS = (Object.keys(CARD_COLUMN_TYPES) as CardColumn[]).filter((field): field is Exclude<CardColumn, "attachments"> => field !== "attachments");
const COLUMNS = Prisma.raw(["id", "snapId", ...FIELDS, "attachments"].map((name) => `"${name}"`).join(", "));
const RECORD = Prisma.raw(["id text", ...FIELDS.map((field) => `"${field}" ${CARD_COLUMN_TYPES[field]}`), `"attachments" jsonb`].join(", "));

/**
 * A document's cards, every field given, in one INSERT ... SELECT from one JSON parameter, with the
 * given ids. Nothing is read back: the stored cards are exactly the input, so the answer is built
 * here (RETURNING 10,000 rows and parsing them cost more than the insert). `json`, not `jsonb`:
 * json_to_recordset reads the text as it goes, where jsonb first converts all of it; for 10,000
 * cards that was 2 to 4 times faster (docs/EXPORT-IMPORT.md).
 */
export async function insertDocumentCards(tx: Tx, snapId: string, cards: readonly DocumentCard[], ids: readonly string[]): Promise<CardView[]> {
  const views: CardView[] = cards.map((card, index) => {
    const view = { id: ids[index]!, snapId, attachments: [] } as Record<string, unknown>;
    for (const field of FIELDS) view[field] = card[field];
    return view as unknown as CardView;
  });
  if (views.length === 0) return views;
  const rows = views.map((view, index) => ({ ...view, attachments: cards[index]!.attachments ?? [] }));
  await tx.$executeRaw`
    INSERT INTO "Card" (${COLUMNS})
    SELECT v.id, ${snapId}, ${Prisma.raw(FIELDS.map((field) => `v."${field}"`).join(", "))}, v."attachments"
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v(${RECORD})`;
  // Only cards that asked for attachments are read back, for what the trigger kept of them.
  const attached = views.filter((_, index) => (cards[index]!.attachments?.length ?? 0) > 0);
  if (attached.length > 0) {
    const stored = await tx.$queryRaw<{ id: string; attachments: CardView["attachments"] }[]>`
      SELECT id, attachments FROM "Card" WHERE id = ANY(${attached.map((view) => view.id)}::text[])`;
    const byId = new Map(stored.map((row) => [row.id, row.attachments]));
    for (const view of attached) view.attachments = byId.get(view.id) ?? [];
  }
  return views;
}
