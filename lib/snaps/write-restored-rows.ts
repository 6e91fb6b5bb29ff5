import "server-only";
import { CARD_COLUMN_TYPES } from "@/lib/board-model/card-column-types";
import type { CardView } from "@/lib/board-model/card-selects";
import type { Tx } from "@/lib/db/run-transaction";
import type { LineView } from "@/lib/board-model/line-selects";

const cardColumns = ["id", "snapId", ...Object.keys(CARD_COLUMN_TYPES)];
const cardColumnList = cardColumns.map((name) => `"${name}"`).join(", ");
const cardRecordType = ["id text", '"snapId" text', ...Object.entries(CARD_COLUMN_TYPES).map(([name, type]) => `"${name}" ${type}`)].join(", ");

/** Puts cards back with their own ids (a restore of cards deleted since), in one statement. */
export async function insertRestoredCards(tx: Tx, cards: readonly CardView[]): Promise<void> {
  if (cards.length === 0) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO "Card" (${cardColumnList}) SELECT ${cardColumnList} FROM jsonb_to_recordset($1::jsonb) AS v(${cardRecordType})`,
    JSON.stringify(cards),
  );
}

const LINE_RECORD = `id text, "snapId" text, "fromCardId" text, "toCardId" text, color text, style "LineStyle", arrow "LineArrow"`;

/** Puts lines back with their own ids; createdAt is now(), so they come after the lines kept, as the rebuild expects. */
export async function insertRestoredLines(tx: Tx, lines: readonly LineView[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId", color, style, arrow)
     SELECT id, "snapId", "fromCardId", "toCardId", color, style, arrow FROM jsonb_to_recordset($1::jsonb) AS v(${LINE_RECORD})`,
    JSON.stringify(lines),
  );
}

/** Gives lines back their looks (a line's ends never change). */
export async function updateRestoredLines(tx: Tx, lines: readonly LineView[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.$executeRawUnsafe(
    `UPDATE "Line" AS l SET color = v.color, style = v.style, arrow = v.arrow, "updatedAt" = now()
     FROM jsonb_to_recordset($1::jsonb) AS v(${LINE_RECORD}) WHERE l.id = v.id AND l.id = ANY($2::text[])`,
    JSON.stringify(lines),
    lines.map((line) => line.id),
  );
}
