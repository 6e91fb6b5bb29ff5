import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";

/** What a caller may do with a snap, each level including the ones before it (docs/API.md, "Permissions"). */
export type SnapAccess = "read" | "edit" | "manage";
const RANK: Record<SnapAccess, number> = { read: 1, edit: 2, manage: 3 };

export interface SnapAccessFacts {
  userId: string;
  workspaceId: string;
  sharedWithWorkspace: boolean;
  shareMode: "view" | "edit";
}

export const snapAccessSelect = { id: true, userId: true, workspaceId: true, sharedWithWorkspace: true, shareMode: true } as const;

/**
 * The owner manages; a snap shared with the caller's workspace is readable by members,
 * editable with shareMode edit, and managed by the workspace's admins. Nothing else is visible.
 */
export function snapAccessFor(principal: Principal, snap: SnapAccessFacts): SnapAccess | null {
  if (snap.userId === principal.userId) return "manage";
  if (!snap.sharedWithWorkspace || snap.workspaceId !== principal.workspaceId) return null;
  if (principal.role === "admin") return "manage";
  return snap.shareMode === "edit" ? "edit" : "read";
}

export function hasSnapAccess(principal: Principal, snap: SnapAccessFacts, needed: SnapAccess): boolean {
  const access = snapAccessFor(principal, snap);
  return access !== null && RANK[access] >= RANK[needed];
}

/** Throws FORBIDDEN unless the caller has the needed access (403 for another's private snap, not 404). */
export function assertSnapAccess(principal: Principal, snap: SnapAccessFacts, needed: SnapAccess, what = "snap"): void {
  if (hasSnapAccess(principal, snap, needed)) return;
  const verb = needed === "read" ? "see" : needed === "edit" ? "edit" : "manage";
  throw new ApiError("FORBIDDEN", `You may not ${verb} this ${what}`);
}

/** The snap's access facts after checking the caller's access: 404 if it does not exist, 403 if not allowed. */
export async function getSnapAccessOrThrow(principal: Principal, snapId: string, needed: SnapAccess) {
  const snap = await db.snap.findUnique({ where: { id: snapId }, select: snapAccessSelect });
  if (!snap) throw new ApiError("NOT_FOUND", "Snap not found");
  assertSnapAccess(principal, snap, needed);
  return snap;
}

/**
 * The where clause of "snaps the caller can see": their own, and those shared with their
 * workspace. Used by listings so that authorization lives in the query itself.
 */
export function visibleSnapsWhere(principal: Principal) {
  return {
    OR: [{ userId: principal.userId }, { workspaceId: principal.workspaceId, sharedWithWorkspace: true }],
  };
}

/**
 * visibleSnapsWhere as two disjoint SQL conditions on "Snap": the snaps shared with the caller's
 * workspace (theirs included), and the caller's own snaps not among them. A listing reads each in
 * index order and merges them, which an OR cannot do; the first needs no filter beyond its index.
 */
export function visibleSnapBranchesSql(principal: Principal): [shared: Prisma.Sql, ownRest: Prisma.Sql] {
  return [
    Prisma.sql`"workspaceId" = ${principal.workspaceId} AND "sharedWithWorkspace"`,
    Prisma.sql`"userId" = ${principal.userId} AND NOT ("workspaceId" = ${principal.workspaceId} AND "sharedWithWorkspace")`,
  ];
}
