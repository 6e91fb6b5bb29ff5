import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runWriteStatement } from "@/lib/db/run-write-statement";
import { ApiError } from "@/lib/errors/api-error";
import type { IfMatch } from "@/lib/http/etag";
import { fieldsSet } from "@/lib/live/snap-change";
import { reportSnapVersion } from "@/lib/live/snap-write-context";
import { singleWriteValues } from "@/lib/single-writes/single-write-values";
import type { CardUpdate } from "../board-model/card-schemas";
import type { CardView } from "../board-model/card-selects";
import { UPDATE_CARD_SQL } from "./update-card-sql";

interface UpdatedCardRow {
  found: boolean;
  editable: boolean | null;
  card: CardView | null;
  snapId: string | null;
  version: number | null;
}

/**
 * PATCH /api/snaps/cards/:id: needs edit access to the card's snap (404 unknown card, 403 not
 * editable). With If-Match, the card must still have one of its ETags when it is written (412
 * otherwise, and nothing written). One statement (lib/cards/update-card-sql.ts).
 */
export async function updateCard(principal: Principal, cardId: string, input: CardUpdate, { ifMatch }: { ifMatch?: IfMatch } = {}): Promise<CardView> {
  const [row] = (await runWriteStatement(UPDATE_CARD_SQL, {
    ...singleWriteValues(principal),
    cardId,
    fields: JSON.stringify(input),
    fieldNames: fieldsSet(input),
    ifMatch: ifMatch === undefined || ifMatch === "*" ? null : [...ifMatch],
  })) as UpdatedCardRow[];
  if (!row?.found) throw new ApiError("NOT_FOUND", "Card not found");
  if (!row.editable) throw new ApiError("FORBIDDEN", "You may not edit this card");
  if (!row.card) {
    if (ifMatch !== undefined && ifMatch !== "*") {
      throw new ApiError("PRECONDITION_FAILED", "The card changed since you read it: If-Match does not match its current ETag; read it again");
    }
    throw new ApiError("NOT_FOUND", "Card not found"); // deleted by a write that committed first
  }
  reportSnapVersion(row.snapId!, row.version!);
  return row.card;
}
