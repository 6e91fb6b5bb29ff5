import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { queueInvitationEmail } from "@/lib/email/queue-invitation-email";
import { DECLINE_QUIET_DAYS, INVITATION_TTL_DAYS, MAX_PENDING_INVITATIONS } from "./invitation-limits";
import { assertWorkspaceAdmin, lockWorkspaceMembers } from "./lock-workspace-members";
import type { AddWorkspaceMemberInput } from "./schemas";
import { addWorkspaceMemberInputSchema } from "./schemas";

const invitationSelect = { id: true, email: true, role: true, expiresAt: true } as const;

/**
 * POST /api/workspace/members: an admin invites an email into the workspace (docs/API.md,
 * "Invitations"). No membership is made: the holder of an account with that email (now, or after
 * signing up) sees the invitation and accepts or declines it.
 *
 * The answer, and the rows written, are the same whether or not an account has this email: the
 * users table is never read, so neither the answer nor its timing says which emails have accounts.
 * Only an email of a current member is a 409, which says nothing an admin cannot read in the
 * members list. Inviting the same email again returns the pending invitation (its role updated),
 * not a second one. At most 100 pending invitations per workspace (409). An email whose holder
 * declined this workspace's invitation may not be invited again for DECLINE_QUIET_DAYS (409): this
 * tells the admin nothing the audit log's `member.invitation_declined` does not.
 *
 * Email: where email is on, the invitee is emailed a link to the invitation (when it is made, and
 * again when its role changes); it is shown in the app in any case (docs/API.md, "Invitations").
 */
export async function inviteMember(principal: Principal, input: AddWorkspaceMemberInput) {
  assertWorkspaceAdmin(principal, "invite members");
  const { email, role } = addWorkspaceMemberInputSchema.parse(input);
  return runTransaction(async (tx) => {
    // Locks the workspace's memberships (the caller re-checked as admin): invitations of one
    // workspace are made one at a time, so the cap holds under concurrent requests.
    await lockWorkspaceMembers(tx, principal, "invite members");
    const [member] = await tx.$queryRaw<{ userId: string }[]>`
      SELECT m."userId" FROM "Membership" m JOIN "User" u ON u.id = m."userId"
      WHERE m."workspaceId" = ${principal.workspaceId} AND u.email = ${email}`;
    if (member) throw new ApiError("CONFLICT", `${email} is already a member of this workspace`, [{ path: "email", message: "Already a member" }]);

    await tx.workspaceInvitation.deleteMany({ where: { workspaceId: principal.workspaceId, expiresAt: { lte: new Date() } } });
    await tx.declinedInvitation.deleteMany({ where: { workspaceId: principal.workspaceId, until: { lte: new Date() } } });
    const declined = await tx.declinedInvitation.findUnique({
      where: { workspaceId_email: { workspaceId: principal.workspaceId, email } },
      select: { until: true },
    });
    if (declined) {
      throw new ApiError(
        "CONFLICT",
        `${email} declined an invitation to this workspace: it can be invited again from ${declined.until.toISOString()} (${DECLINE_QUIET_DAYS} days after the decline)`,
        [{ path: "email", message: "Declined recently" }],
      );
    }
    const pending = await tx.workspaceInvitation.findUnique({
      where: { workspaceId_email: { workspaceId: principal.workspaceId, email } },
      select: invitationSelect,
    });
    if (pending?.role === role) return pending;

    let invitation;
    if (pending) {
      invitation = await tx.workspaceInvitation.update({ where: { id: pending.id }, data: { role, invitedById: principal.userId }, select: invitationSelect });
    } else {
      const count = await tx.workspaceInvitation.count({ where: { workspaceId: principal.workspaceId } });
      if (count >= MAX_PENDING_INVITATIONS) {
        throw new ApiError("CONFLICT", `At most ${MAX_PENDING_INVITATIONS} pending invitations per workspace: revoke some first`, [
          { path: "email", message: `The workspace has ${MAX_PENDING_INVITATIONS} pending invitations` },
        ]);
      }
      invitation = await tx.workspaceInvitation.create({
        data: {
          workspaceId: principal.workspaceId,
          email,
          role,
          invitedById: principal.userId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
        },
        select: invitationSelect,
      });
    }
    await queueInvitationEmail(tx, "workspace", invitation.id);
    await recordAuditEvent(tx, {
      workspace: { id: principal.workspaceId },
      action: "member.invited",
      actor: auditActorOf(principal),
      target: { type: "invitation", id: invitation.id, name: `${email} (${role})` },
    });
    return invitation;
  });
}
