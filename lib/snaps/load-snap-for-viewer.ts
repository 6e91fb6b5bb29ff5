import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { findSnapOpening, type PickWindow, type SnapOpening } from "./find-snap-opening";
import { snapAccessFor, snapAccessSelect, type SnapAccess } from "../board-model/snap-access";

export type SnapForViewer = { status: "ok"; opening: SnapOpening; access: SnapAccess } | { status: "not-found" } | { status: "forbidden" };

/**
 * The board page's read: the snap's first window (findSnapOpening) and what the caller may do with
 * it. Pages render a 404 or a "no access" page rather than an error, so the outcome is a value, not
 * a thrown ApiError.
 */
export async function loadSnapForViewer(principal: Principal, snapId: string, pickWindow: PickWindow): Promise<SnapForViewer> {
  // Ids are opaque but bounded (idSchema): a longer path segment cannot name a snap.
  if (snapId.length === 0 || snapId.length > 64) return { status: "not-found" };
  const facts = await db.snap.findUnique({ where: { id: snapId }, select: snapAccessSelect });
  if (!facts) return { status: "not-found" };
  const access = snapAccessFor(principal, facts);
  if (!access) return { status: "forbidden" };
  const opening = await findSnapOpening({ id: snapId }, pickWindow);
  return opening ? { status: "ok", opening, access } : { status: "not-found" };
}
