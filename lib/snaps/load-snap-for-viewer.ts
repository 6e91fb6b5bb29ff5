import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import { findSnapDetail, type SnapDetail } from "./find-snap-detail";
import { snapAccessFor, snapAccessSelect, type SnapAccess } from "./snap-access";

export type SnapForViewer = { status: "ok"; snap: SnapDetail; access: SnapAccess } | { status: "not-found" } | { status: "forbidden" };

/**
 * The board page's read: the full snap and what the caller may do with it. Pages render a 404 or a
 * "no access" page rather than an error, so the outcome is a value, not a thrown ApiError.
 */
export async function loadSnapForViewer(principal: Principal, snapId: string): Promise<SnapForViewer> {
  // Ids are opaque but bounded (idSchema): a longer path segment cannot name a snap.
  if (snapId.length === 0 || snapId.length > 64) return { status: "not-found" };
  const facts = await db.snap.findUnique({ where: { id: snapId }, select: snapAccessSelect });
  if (!facts) return { status: "not-found" };
  const access = snapAccessFor(principal, facts);
  if (!access) return { status: "forbidden" };
  const snap = await findSnapDetail({ id: snapId });
  return snap ? { status: "ok", snap, access } : { status: "not-found" };
}
