import "server-only";
import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { reportSnapVersion } from "@/lib/request/snap-write-context";
import { runSingleWrite } from "@/lib/single-writes/run-single-write";
import { DELETE_LINE_SQL } from "./delete-line-sql";

interface DeletedLineRow {
  found: boolean;
  editable: boolean | null;
  deleted: boolean;
  snapId: string | null;
  version: number | null;
}

/** DELETE /api/lines/:id: needs edit access to the line's snap. One statement (lib/lines/delete-line-sql.ts). */
export async function deleteLine(principal: Principal, lineId: string): Promise<void> {
  const [row] = (await runSingleWrite(principal, DELETE_LINE_SQL, { lineId })) as DeletedLineRow[];
  if (!row?.found) throw new ApiError("NOT_FOUND", "Line not found");
  if (!row.editable) throw new ApiError("FORBIDDEN", "You may not edit this line");
  if (!row.deleted) throw new ApiError("NOT_FOUND", "Line not found"); // deleted by a write that committed first
  reportSnapVersion(row.snapId!, row.version!);
}
