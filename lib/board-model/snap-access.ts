import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";
import type { ShareMode, SnapRole } from "./snap-roles";

/**
 * What a caller may do with a snap, each level including the ones before it (docs/API.md,
 * "Permissions"): read; comment (and resolve); edit cards, lines and content fields; manage (sharing,
 * members, deletion).
 */
export type SnapAccess = "read" | "comment" | "edit" | "manage";
const RANK: Record<SnapAccess, number> = { read: 1, comment: 2, edit: 3, manage: 4 };

const SHARE_MODE_ACCESS: Record<ShareMode, SnapAccess> = { view: "read", comment: "comment", edit: "edit" };
const ROLE_ACCESS: Record<SnapRole, SnapAccess> = { viewer: "read", commenter: "comment", editor: "edit" };

export interface SnapMemberFact {
  userId: string;
  role: SnapRole;
}

export interface SnapAccessFacts {
  userId: string;
  workspaceId: string;
  sharedWithWorkspace: boolean;
  shareMode: ShareMode;
  /** The snap's board members (at most MAX_SNAP_MEMBERS), whoever the caller is: one shape serves every caller of a live stream. */
  members: SnapMemberFact[];
}

export const snapAccessSelect = {
  id: true,
  userId: true,
  workspaceId: true,
  sharedWithWorkspace: true,
  shareMode: true,
  members: { select: { userId: true, role: true } },
} as const;

/**
 * The `members` column of the access facts for raw statements, on the snap `alias`: a JSON array of
 * {userId, role}, empty when there are none.
 */
export function snapMembersColumn(alias: string): string {
  return `COALESCE((SELECT json_agg(json_build_object('userId', sm."userId", 'role', sm.role)) FROM "SnapMember" AS sm WHERE sm."snapId" = ${alias}.id), '[]'::json) AS members`;
}

/** snapMembersColumn as a fragment of a Prisma.sql statement. */
export function snapMembersColumnSql(alias: string): Prisma.Sql {
  return Prisma.raw(snapMembersColumn(alias));
}

/**
 * The owner manages. A snap shared with the caller's workspace is managed by its admins and, for the
 * other members, read, commented or edited as its shareMode says. A board member has their role's
 * access, inside the workspace or as a guest from outside it; the higher of the two counts. Nothing
 * else is visible.
 */
export function snapAccessFor(principal: Principal, snap: SnapAccessFacts): SnapAccess | null {
  if (snap.userId === principal.userId) return "manage";
  let access: SnapAccess | null = null;
  if (snap.sharedWithWorkspace && snap.workspaceId === principal.workspaceId) {
    if (principal.role === "admin") return "manage";
    access = SHARE_MODE_ACCESS[snap.shareMode];
  }
  const member = snap.members.find((candidate) => candidate.userId === principal.userId);
  if (member && (access === null || RANK[ROLE_ACCESS[member.role]] > RANK[access])) access = ROLE_ACCESS[member.role];
  return access;
}

/** Whether the caller is one of the people the snap is shared with by name (its members). */
export function isSnapMember(principal: Principal, snap: SnapAccessFacts): boolean {
  return snap.members.some((member) => member.userId === principal.userId);
}

/**
 * Why a caller who could see the snap no longer can, in their words (the live stream's
 * `access-revoked`): taken off its members, off its workspace, or the snap unshared.
 */
export function lostAccessMessage(principal: Principal, snap: SnapAccessFacts, wasMember: boolean): string {
  if (wasMember && !isSnapMember(principal, snap)) return "You were removed from this board";
  if (snap.sharedWithWorkspace && snap.workspaceId !== principal.workspaceId) return "You were removed from this board's workspace";
  return "This board is no longer shared with you";
}

export function hasSnapAccess(principal: Principal, snap: SnapAccessFacts, needed: SnapAccess): boolean {
  const access = snapAccessFor(principal, snap);
  return access !== null && RANK[access] >= RANK[needed];
}

/** Throws FORBIDDEN unless the caller has the needed access (403 for another's private snap, not 404). */
export function assertSnapAccess(principal: Principal, snap: SnapAccessFacts, needed: SnapAccess, what = "snap"): void {
  if (hasSnapAccess(principal, snap, needed)) return;
  const verb = { read: "see", comment: "comment on", edit: "edit", manage: "manage" }[needed];
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
 * The where clause of "snaps the caller can see in their workspace": their own, and those shared
 * with their workspace. Used by listings so that authorization lives in the query itself; the snaps
 * shared with the caller as a board member are listed apart (GET /api/snaps/shared-with-me).
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
