import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { snapListSelect } from "./snap-selects";

/** GET /api/snaps: the snaps the caller owns, most recently updated first. */
export function listOwnSnaps(principal: Principal) {
  return db.snap.findMany({
    where: { userId: principal.userId },
    select: snapListSelect,
    orderBy: { updatedAt: "desc" },
  });
}
