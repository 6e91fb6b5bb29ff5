import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { DECLINE_QUIET_DAYS, INVITATION_TTL_DAYS } from "@/lib/workspaces/invitation-limits";
import { lockSnapForMembers } from "./lock-snap-members";
import { MAX_PENDING_SNAP_INVITATIONS } from "./member-limits";
import { snapMemberInviteSchema, type SnapInvitation, type SnapMemberInvite } from "./member-schemas";
import { queueInvitationEmail } from "@/lib/email/queue-invitation-email";

const invitationSelect = { id: true, email: true, role: true, createdAt: true, expiresAt: true } as const;

/**
 * POST /api/snaps/:id/members: whoever manages the snap invites an email to it with a role (docs/API.md,
 * "Board members"). No membership is made until the holder of an account with that email accepts.
 * As for workspace invitations, the answer is the same whether or not the email has an account; the
 * only 409s are the owner's or a current member's email (which the manager sees in the member list)
 * and the cap, and an email whose holder declined this snap's invitation less than
 * DECLINE_QUIET_DAYS ago. Inviting the same email again returns the pending invitation with the new role. The
 * invitee is emailed a link when email is on (and again when the role changes).
 */
export async function inviteSnapMember(principal: Principal, snapId: string, input: SnapMemberInvite): Promise<SnapInvitation> {
  const { email, role } = snapMemberInviteSchema.parse(input);
  return runTransaction(async (tx) => {
    const snap = await lockSnapForMembers(tx, principal, snapId, "manage");
    const memberIds = [snap.userId, ...snap.members.map((member) => member.userId)];
    const [already] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE id = ANY(${memberIds}::text[]) AND email = ${email}`;
    if (already) {
      const message = already.id === snap.userId ? "owns this snap" : "is already a member of this snap";
      throw new ApiError("CONFLICT", `${email} ${message}`, [{ path: "email", message: "Already has access as owner or member" }]);
    }

    await tx.snapInvitation.deleteMany({ where: { snapId, expiresAt: { lte: new Date() } } });
    await tx.declinedSnapInvitation.deleteMany({ where: { snapId, until: { lte: new Date() } } });
    const declined = await tx.declinedSnapInvitation.findUnique({ where: { snapId_email: { snapId, email } }, select: { until: true } });
    if (declined) {
      throw new ApiError(
        "CONFLICT",
        `${email} declined an invitation to this snap: it can be invited again from ${declined.until.toISOString()} (${DECLINE_QUIET_DAYS} days after the decline)`,
        [{ path: "email", message: "Declined recently" }],
      );
    }
    const pending = await tx.snapInvitation.findUnique({ where: { snapId_email: { snapId, email } }, select: invitationSelect });
    if (pending?.role === role) return toInvitation(pending);

    let invitation;
    if (pending) {
      invitation = await tx.snapInvitation.update({ where: { id: pending.id }, data: { role, invitedById: principal.userId }, select: invitationSelect });
    } else {
      const count = await tx.snapInvitation.count({ where: { snapId } });
      if (count >= MAX_PENDING_SNAP_INVITATIONS) {
        throw new ApiError("CONFLICT", `At most ${MAX_PENDING_SNAP_INVITATIONS} pending invitations per snap: revoke some first`, [
          { path: "email", message: `The snap has ${MAX_PENDING_SNAP_INVITATIONS} pending invitations` },
        ]);
      }
      invitation = await tx.snapInvitation.create({
        data: { snapId, email, role, invitedById: principal.userId, expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000) },
        select: invitationSelect,
      });
    }
    await recordAuditEvent(tx, {
      workspace: { id: snap.workspaceId },
      action: "board.member_invited",
      actor: auditActorOf(principal),
      target: { type: "invitation", id: invitation.id, name: `${email} on “${snap.title}” (${role})` },
    });
    await queueInvitationEmail(tx, "board", invitation.id);
    return toInvitation(invitation);
  });
}

function toInvitation(row: { id: string; email: string; role: SnapInvitation["role"]; createdAt: Date; expiresAt: Date }): SnapInvitation {
  return { id: row.id, email: row.email, role: row.role, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}
