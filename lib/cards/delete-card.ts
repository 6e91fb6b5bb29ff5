import "server-only";
import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { reportSnapVersion } from "@/lib/request/snap-write-context";
import { runSingleWrite } from "@/lib/single-writes/run-single-write";
import { DELETE_CARD_SQL } from "./delete-card-sql";

interface DeletedCardRow {
  found: boolean;
  editable: boolean | null;
  deleted: boolean;
  snapId: string | null;
  version: number | null;
}

/** DELETE /api/snaps/cards/:id: lines touching the card go with it. One statement (lib/cards/delete-card-sql.ts). */
export async function deleteCard(principal: Principal, cardId: string): Promise<void> {
  const [row] = (await runSingleWrite(principal, DELETE_CARD_SQL, { cardId })) as DeletedCardRow[];
  if (!row?.found) throw new ApiError("NOT_FOUND", "Card not found");
  if (!row.editable) throw new ApiError("FORBIDDEN", "You may not edit this card");
  if (!row.deleted) throw new ApiError("NOT_FOUND", "Card not found"); // deleted by a write that committed first
  reportSnapVersion(row.snapId!, row.version!);
}
