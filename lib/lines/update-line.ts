import "server-only";
import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { reportSnapVersion } from "@/lib/request/snap-write-context";
import { runSingleWrite } from "@/lib/single-writes/run-single-write";
import type { LineUpdate } from "../board-model/line-schemas";
import type { LineView } from "../board-model/line-selects";
import { UPDATE_LINE_SQL } from "./update-line-sql";

interface UpdatedLineRow {
  found: boolean;
  editable: boolean | null;
  line: LineView | null;
  snapId: string | null;
  version: number | null;
}

/** PATCH /api/lines/:id: needs edit access to the line's snap. One statement (lib/lines/update-line-sql.ts). */
export async function updateLine(principal: Principal, lineId: string, input: LineUpdate): Promise<LineView> {
  const [row] = (await runSingleWrite(principal, UPDATE_LINE_SQL, { lineId, fields: JSON.stringify(input) })) as UpdatedLineRow[];
  if (!row?.found) throw new ApiError("NOT_FOUND", "Line not found");
  if (!row.editable) throw new ApiError("FORBIDDEN", "You may not edit this line");
  if (!row.line) throw new ApiError("NOT_FOUND", "Line not found"); // deleted by a write that committed first
  reportSnapVersion(row.snapId!, row.version!);
  return row.line;
}
