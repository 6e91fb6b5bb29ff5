import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { notifyAccessChanged } from "@/lib/live/notify-access-changed";
import { assertWorkspaceAdmin, countAdmins, lockWorkspaceMembers } from "./lock-workspace-members";
import { toWorkspaceMember, workspaceMemberSelect } from "./member-selects";
import type { ChangeMemberRoleInput } from "./schemas";

/**
 * PATCH /api/workspace/members/:userId. Admins only (403). 404 when the user is not a member of
 * the caller's workspace; 409 for demoting its last admin, which would leave nobody able to
 * manage members. An admin may demote themselves while another admin remains.
 */
export async function changeMemberRole(principal: Principal, userId: string, input: ChangeMemberRoleInput) {
  assertWorkspaceAdmin(principal, "change roles");
  return runTransaction(async (tx) => {
    const members = await lockWorkspaceMembers(tx, principal, "change roles");
    const target = members.find((member) => member.userId === userId);
    if (!target) throw new ApiError("NOT_FOUND", "No such member in this workspace");
    if (target.role === "admin" && input.role !== "admin" && countAdmins(members) === 1) {
      const who = userId === principal.userId ? "You are" : "This member is";
      throw new ApiError("CONFLICT", `${who} the workspace's only admin: make another member an admin first`);
    }
    if (target.role === input.role) {
      return toWorkspaceMember(await tx.membership.findUniqueOrThrow({ where: { userId }, select: workspaceMemberSelect }));
    }
    const row = await tx.membership.update({ where: { userId }, data: { role: input.role }, select: workspaceMemberSelect });
    await notifyAccessChanged(tx, [userId]);
    await recordAuditEvent(tx, {
      workspace: { id: principal.workspaceId },
      action: "member.role_changed",
      actor: auditActorOf(principal),
      target: { type: "member", id: userId, name: `${row.user.email} (${target.role} → ${input.role})` },
    });
    return toWorkspaceMember(row);
  });
}
