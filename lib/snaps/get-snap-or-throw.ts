import type { Principal } from "@/lib/request/principal";
import { ApiError } from "@/lib/errors/api-error";
import { findSnapDetailWithAccess, type SnapDetail } from "../board-model/find-snap-detail";
import { assertSnapAccess } from "../board-model/snap-access";

/**
 * The full snap; 404 if it does not exist, 403 if the caller may not see it. One statement reads
 * the access facts and the detail together: a forbidden caller costs the same one read as an
 * allowed one and sees nothing of it. GET /api/snaps/:id uses getSnapDetailJson (cached bytes).
 */
export async function getSnapOrThrow(principal: Principal, snapId: string): Promise<SnapDetail> {
  const found = await findSnapDetailWithAccess(snapId);
  if (!found?.snap) throw new ApiError("NOT_FOUND", "Snap not found");
  assertSnapAccess(principal, found.facts, "read");
  return found.snap;
}

/** The full snap right after the caller changed it (an MCP write's answer): no access check, as getWrittenSnapJson. */
export async function findWrittenSnap(snapId: string): Promise<SnapDetail> {
  const found = await findSnapDetailWithAccess(snapId);
  if (!found?.snap) throw new ApiError("NOT_FOUND", "Snap not found");
  return found.snap;
}
