import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { readSnapVersion } from "./read-snap-version";

/** GET /api/snaps/:id/versions/:version (read access): 404 for a version unknown or expired. */
export async function getSnapVersion(principal: Principal, snapId: string, version: number): Promise<SnapDetail> {
  await getSnapAccessOrThrow(principal, snapId, "read");
  const snap = await readSnapVersion(db, snapId, version);
  if (!snap) throw new ApiError("NOT_FOUND", `Version ${version} of this snap is unknown or no longer kept`);
  return snap;
}
