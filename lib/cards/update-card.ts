import "server-only";
import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db/client";
import { assertSnapAccess, snapAccessSelect } from "@/lib/board-model/snap-access";
import { assertCardAttachments } from "@/lib/files/assert-card-attachments";
import type { IfMatch } from "@/lib/http/etag";
import { fieldsSet } from "@/lib/live/snap-change";
import { reportSnapVersion } from "@/lib/request/snap-write-context";
import { keyRead } from "@/lib/single-writes/key-read";
import { runSingleWrite } from "@/lib/single-writes/run-single-write";
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
  if (input.attachments?.length) {
    principal = await keyRead(principal);
    // Access first, so that no one learns which files a snap they may not edit holds.
    const card = await db.card.findUnique({ where: { id: cardId }, select: { snapId: true, snap: { select: snapAccessSelect } } });
    if (!card) throw new ApiError("NOT_FOUND", "Card not found");
    assertSnapAccess(principal, card.snap, "edit", "card");
    await assertCardAttachments([{ snapId: card.snapId, attachments: input.attachments, path: "" }]);
  }
  const [row] = (await runSingleWrite(principal, UPDATE_CARD_SQL, {
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
