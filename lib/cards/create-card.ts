import "server-only";
import type { Principal } from "@/lib/request/principal";
import { createId } from "@/lib/db/create-id";
import { ApiError } from "@/lib/errors/api-error";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { assertCardAttachments } from "@/lib/files/assert-card-attachments";
import { fieldsSet } from "@/lib/live/snap-change";
import { reportSnapVersion } from "@/lib/request/snap-write-context";
import { keyRead } from "@/lib/single-writes/key-read";
import { runSingleWrite } from "@/lib/single-writes/run-single-write";
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
  if (fields.attachments?.length) {
    principal = await keyRead(principal);
    // Access first, so that no one learns which files a snap they may not edit holds.
    await getSnapAccessOrThrow(principal, snapId, "edit");
    await assertCardAttachments([{ snapId, attachments: fields.attachments, path: "" }]);
  }
  const given = FIELDS.filter((field) => fields[field] !== undefined);
  let rows: unknown[];
  try {
    rows = await runSingleWrite(principal, createCardSql(given), {
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
