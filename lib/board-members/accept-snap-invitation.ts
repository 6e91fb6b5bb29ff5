import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import type { SnapRole } from "@/lib/board-model/snap-roles";
import { lockSnapForMembers } from "./lock-snap-members";
import { MAX_SNAP_MEMBERS } from "./member-limits";
import { readMemberUser } from "./read-member-user";
import { recordMemberChange } from "./record-member-change";

interface InvitationRow {
  id: string;
  snapId: string;
  role: SnapRole;
  invitedById: string | null;
  email: string;
}

/** The caller's pending invitation to a board with this id, locked; null when there is none (then it may be a workspace's). */
export async function lockOwnSnapInvitation(tx: Tx, principal: Principal, invitationId: string): Promise<InvitationRow | null> {
  const [invitation] = await tx.$queryRaw<InvitationRow[]>`
    SELECT i.id, i."snapId", i.role::text AS role, i."invitedById", i.email FROM "SnapInvitation" AS i JOIN "User" AS u ON u.email = i.email
    WHERE i.id = ${invitationId} AND u.id = ${principal.userId} AND i."expiresAt" > now()
    FOR UPDATE OF i`;
  return invitation ?? null;
}

/**
 * Accepting a board invitation (POST /api/invitations/:id/accept, `kind` board): the invitee becomes a
 * member of that snap alone, with the invited role; their workspace does not change. Accepting again
 * as a member sets the invited role; the owner just uses it up. 409 past MAX_SNAP_MEMBERS.
 */
export async function acceptSnapInvitation(tx: Tx, principal: Principal, invitation: InvitationRow) {
  const snap = await lockSnapForMembers(tx, principal, invitation.snapId, null);
  await tx.snapInvitation.delete({ where: { id: invitation.id }, select: { id: true } });
  const result = { kind: "board" as const, snap: { id: snap.id, title: snap.title }, role: invitation.role };
  if (snap.userId === principal.userId) return result;
  const current = snap.members.find((member) => member.userId === principal.userId);
  if (!current && snap.members.length >= MAX_SNAP_MEMBERS) throw new ApiError("CONFLICT", `A snap has at most ${MAX_SNAP_MEMBERS} members`);
  if (current?.role === invitation.role) return result;
  await tx.$executeRaw`
    INSERT INTO "SnapMember" ("snapId", "userId", role, "addedById")
    VALUES (${snap.id}, ${principal.userId}, ${invitation.role}::"SnapRole", ${invitation.invitedById})
    ON CONFLICT ("snapId", "userId") DO UPDATE SET role = EXCLUDED.role`;
  const user = (await readMemberUser(tx, principal.userId, snap.workspaceId))!;
  await recordMemberChange(
    tx,
    principal,
    current
      ? { type: "member.role_changed", snap, member: { ...user, role: invitation.role }, previousRole: current.role }
      : { type: "member.added", snap, member: { ...user, role: invitation.role } },
  );
  return result;
}
