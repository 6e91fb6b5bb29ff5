import type { Metadata } from "next";
import { AuditLogPanel } from "@/components/settings/audit-log-panel";
import { WorkspacePanel } from "@/components/settings/workspace-panel";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";
import { listWorkspaceMembers } from "@/lib/workspaces/list-workspace-members";

export const metadata: Metadata = { title: "Workspace" };

export default async function WorkspaceSettingsPage() {
  const principal = await requirePagePrincipal();
  const { workspace, members } = await listWorkspaceMembers(principal);
  return (
    <>
      <WorkspacePanel
        // A new workspace or role (after stepping down or leaving) starts the panel afresh.
        key={`${workspace.id}:${principal.role}`}
        workspace={workspace}
        initialMembers={members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() }))}
        currentUserId={principal.userId}
        isAdmin={principal.role === "admin"}
      />
      {principal.role === "admin" && <AuditLogPanel key={workspace.id} />}
    </>
  );
}
