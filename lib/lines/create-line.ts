import "server-only";
import type { Principal } from "@/lib/request/principal";
import { createId } from "@/lib/db/create-id";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import { reportSnapVersion } from "@/lib/request/snap-write-context";
import { runSingleWrite } from "@/lib/single-writes/run-single-write";
import { createLineSql, LINE_LOOK_TYPES, type LineLook } from "./create-line-sql";
import type { LineCreate } from "../board-model/line-schemas";
import type { LineView } from "../board-model/line-selects";

const LOOKS = Object.keys(LINE_LOOK_TYPES) as LineLook[];

interface CreatedLineRow {
  found: boolean;
  editable: boolean | null;
  fromInSnap: boolean | null;
  toInSnap: boolean | null;
  line: LineView | null;
  snapId: string | null;
  version: number | null;
}

/** POST /api/snaps/:id/lines: both cards must belong to that snap (400 otherwise). One statement (lib/lines/create-line-sql.ts). */
export async function createLine(principal: Principal, snapId: string, input: LineCreate): Promise<LineView> {
  const { fromCardId, toCardId, ...looks } = input;
  let rows: unknown[];
  try {
    rows = await runSingleWrite(principal, createLineSql(LOOKS.filter((look) => looks[look] !== undefined)), {
      snapId,
      lineId: createId(),
      fromCardId,
      toCardId,
      fields: JSON.stringify(looks),
    });
  } catch (error) {
    // A card deleted between the statement's read of it and the line's insert (the foreign key's check).
    if ((error as { code?: unknown } | null)?.code === "23503") throw cardsNotInSnap([{ path: "fromCardId", message: "No such card in this snap" }]);
    throw error;
  }
  const [row] = rows as CreatedLineRow[];
  if (!row?.found) throw new ApiError("NOT_FOUND", "Snap not found");
  if (!row.editable) throw new ApiError("FORBIDDEN", "You may not edit this snap");
  const problems: ErrorDetail[] = [
    ...(row.fromInSnap ? [] : [{ path: "fromCardId", message: "No such card in this snap" }]),
    ...(row.toInSnap ? [] : [{ path: "toCardId", message: "No such card in this snap" }]),
  ];
  if (problems.length || !row.line) throw cardsNotInSnap(problems);
  reportSnapVersion(row.snapId!, row.version!);
  return row.line;
}

function cardsNotInSnap(problems: ErrorDetail[]): ApiError {
  return new ApiError("BAD_REQUEST", "Both cards of a line must belong to its snap", problems);
}
