import "server-only";
import type { Principal } from "@/lib/request/principal";
import { createId } from "@/lib/db/create-id";
import { runWriteStatement } from "@/lib/db/run-write-statement";
import { ApiError } from "@/lib/errors/api-error";
import { fieldsSet } from "@/lib/live/snap-change";
import { reportSnapVersion } from "@/lib/live/snap-write-context";
import { singleWriteValues } from "@/lib/single-writes/single-write-values";
import { CARD_COLUMN_TYPES, type CardColumn } from "../board-model/card-column-types";
import type { CardCreate } from "../board-model/card-schemas";
import type { CardView } from "../board-model/card-selects";
import { createCardSql } from "./create-card-sql";

const FIELDS = Object.keys(CARD_COLUMN_TYPES) as CardColumn[];

interface CreatedCardRow {
  found: boolean;
  editable: boolean | null;
  card: CardView | null;
  snapId: string | null;
  version: number | null;
}

/**
 * POST /api/snaps/cards/:id: one card in the snap of the path (docs/API.md, "Cards"), which the
 * caller must be able to edit. One statement (lib/cards/create-card-sql.ts).
 */
export async function createCard(principal: Principal, snapId: string, input: CardCreate): Promise<CardView> {
  const { snapId: bodySnapId, ...fields } = input;
  if (bodySnapId !== undefined && bodySnapId !== snapId) {
    throw new ApiError("BAD_REQUEST", "snapId in the body must equal the snap id in the path", [
      { path: "snapId", message: "Must equal the snap id in the path" },
    ]);
  }
  const given = FIELDS.filter((field) => fields[field] !== undefined);
  let rows: unknown[];
  try {
    rows = await runWriteStatement(createCardSql(given), {
      ...singleWriteValues(principal),
      snapId,
      cardId: createId(),
      fields: JSON.stringify(fields),
      fieldNames: fieldsSet(fields),
    });
  } catch (error) {
    // The snap deleted between the statement's read of it and its insert (the foreign key's check).
    if ((error as { code?: unknown } | null)?.code === "23503") throw new ApiError("NOT_FOUND", "Snap not found");
    throw error;
  }
  const [row] = rows as CreatedCardRow[];
  if (!row?.found) throw new ApiError("NOT_FOUND", "Snap not found");
  if (!row.editable) throw new ApiError("FORBIDDEN", "You may not edit this snap");
  if (!row.card) throw new ApiError("NOT_FOUND", "Snap not found");
  reportSnapVersion(row.snapId!, row.version!);
  return row.card;
}
