import type { Metadata } from "next";
import { OwnInvitations } from "@/components/invitations/own-invitations";
import { AuditLogPanel } from "@/components/settings/audit-log-panel";
import { WorkspaceGuestsPanel } from "@/components/settings/workspace-guests-panel";
import { WorkspacePanel } from "@/components/settings/workspace-panel";
import { listWorkspaceGuests } from "@/lib/board-members/list-workspace-guests";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";
import { isInPersonalWorkspace } from "@/lib/workspaces/is-in-personal-workspace";
import { listOwnInvitations } from "@/lib/workspaces/list-own-invitations";
import { listWorkspaceInvitations } from "@/lib/workspaces/list-workspace-invitations";
import { listWorkspaceMembers } from "@/lib/workspaces/list-workspace-members";

export const metadata: Metadata = { title: "Workspace" };

export default async function WorkspaceSettingsPage() {
  const principal = await requirePagePrincipal();
  const isAdmin = principal.role === "admin";
  const [{ workspace, members }, personal, own, sent, guests] = await Promise.all([
    listWorkspaceMembers(principal),
    isInPersonalWorkspace(principal.userId),
    listOwnInvitations(principal),
    isAdmin ? listWorkspaceInvitations(principal) : Promise.resolve({ invitations: [] }),
    isAdmin ? listWorkspaceGuests(principal) : Promise.resolve(null),
  ]);
  return (
    <>
      <OwnInvitations
        key={workspace.id}
        initialInvitations={own.invitations.map((invitation) => ({
          kind: "workspace" as const,
          ...invitation,
          createdAt: invitation.createdAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
        }))}
      />
      <WorkspacePanel
        // A new workspace or role (after stepping down or leaving) starts the panel afresh.
        key={`${workspace.id}:${principal.role}`}
        workspace={workspace}
        initialMembers={members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() }))}
        initialInvitations={sent.invitations.map(({ id, email, role, expiresAt }) => ({ id, email, role, expiresAt: expiresAt.toISOString() }))}
        currentUserId={principal.userId}
        isAdmin={isAdmin}
        canLeave={!personal}
      />
      {guests && <WorkspaceGuestsPanel key={workspace.id} initialGuests={guests.guests} />}
      {isAdmin && <AuditLogPanel key={workspace.id} />}
    </>
  );
}
