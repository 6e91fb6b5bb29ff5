import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { INVITATION_TTL_DAYS, MAX_PENDING_INVITATIONS } from "./invitation-limits";
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
 * not a second one. At most 100 pending invitations per workspace (409).
 *
 * Email: the invitation is shown in the app only. Sending it by email belongs to the mailer, which
 * does not exist yet (docs/API.md, "Invitations").
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
    await recordAuditEvent(tx, {
      workspace: { id: principal.workspaceId },
      action: "member.invited",
      actor: auditActorOf(principal),
      target: { type: "invitation", id: invitation.id, name: `${email} (${role})` },
    });
    return invitation;
  });
}
