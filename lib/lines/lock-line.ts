import "server-only";
import type { Principal } from "@/lib/request/principal";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertSnapAccess, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import { snapMembersColumnSql } from "@/lib/board-model/snap-access";

interface LockedLine extends SnapAccessFacts {
  id: string;
  snapId: string;
}

/**
 * Locks a line and checks edit access to its snap (404 unknown line, 403 not editable). Writers
 * lock cards, then lines, then snaps, so the snap is touched only after this.
 */
export async function lockLine(tx: Tx, principal: Principal, lineId: string, purpose: "update" | "delete"): Promise<LockedLine> {
  const lock = Prisma.raw(purpose === "delete" ? "FOR UPDATE OF l" : "FOR NO KEY UPDATE OF l");
  const [line] = await tx.$queryRaw<LockedLine[]>`
    SELECT l.id, l."snapId", s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode", ${snapMembersColumnSql("s")}
    FROM "Line" AS l JOIN "Snap" AS s ON s.id = l."snapId"
    WHERE l.id = ${lineId}
    ${lock}`;
  if (!line) throw new ApiError("NOT_FOUND", "Line not found");
  assertSnapAccess(principal, line, "edit", "line");
  return line;
}
