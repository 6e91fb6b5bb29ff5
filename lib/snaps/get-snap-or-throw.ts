import type { Principal } from "@/lib/auth/principal";
import { ApiError } from "@/lib/http/api-error";
import { findSnapDetail, type SnapDetail } from "./find-snap-detail";
import { getSnapAccessOrThrow } from "./snap-access";

/** GET /api/snaps/:id: the full snap; 404 if it does not exist, 403 if the caller may not see it. */
export async function getSnapOrThrow(principal: Principal, snapId: string): Promise<SnapDetail> {
  // The cheap access check first, so a forbidden snap's cards are never loaded.
  await getSnapAccessOrThrow(principal, snapId, "read");
  const snap = await findSnapDetail({ id: snapId });
  if (!snap) throw new ApiError("NOT_FOUND", "Snap not found"); // deleted in between
  return snap;
}
