"use client";

import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Toast } from "@/components/ui/toast";
import { InviteMemberForm, type SentInvitation } from "./invite-member-form";
import { MemberTable } from "./member-table";
import { PendingInvitations, type PendingInvitation } from "./pending-invitations";
import { RemoveMemberDialog } from "./remove-member-dialog";
import { memberName, type WorkspaceMember, type WorkspaceSummary } from "./workspace-types";

interface WorkspacePanelProps {
  workspace: WorkspaceSummary;
  initialMembers: WorkspaceMember[];
  /** Admins: the invitations nobody has answered yet. */
  initialInvitations: PendingInvitation[];
  currentUserId: string;
  isAdmin: boolean;
  /** The caller was added to this workspace (not their personal one), so they may leave it. */
  canLeave: boolean;
}

/**
 * The Workspace tab: its members and their roles. Admins invite members by email (and revoke
 * pending invitations), change roles and remove members; everyone else sees the list read-only,
 * and may leave a workspace they were added to. When someone changes their own standing (step
 * down, leave), the page is rendered again from the server with their new rights.
 */
export function WorkspacePanel({ workspace, initialMembers, initialInvitations, currentUserId, isAdmin, canLeave }: WorkspacePanelProps) {
  const router = useRouter();
  const [members, setMembers] = useState(initialMembers);
  const [invitations, setInvitations] = useState(initialInvitations);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dismissToast = useCallback(() => setToast(null), []);

  async function changeRole(member: WorkspaceMember, role: "admin" | "member") {
    setError(null);
    setPendingId(member.id);
    const result = await callApi<{ member: WorkspaceMember }>(`/api/workspace/members/${encodeURIComponent(member.id)}`, { method: "PATCH", body: { role } });
    setPendingId(null);
    if (!result.ok) return setError(result.error.message);
    setMembers((current) => current.map((existing) => (existing.id === member.id ? result.data.member : existing)));
    setToast(`${memberName(member)} is now ${role === "admin" ? "an admin" : "a member"}`);
    if (member.id === currentUserId) router.refresh();
  }

  function invited(invitation: SentInvitation) {
    setError(null);
    // Inviting the same email again returns the same invitation: it replaces the row.
    setInvitations((current) => [invitation, ...current.filter((existing) => existing.id !== invitation.id)]);
    setToast(`Invitation sent to ${invitation.email}`);
  }

  function revoked(invitation: PendingInvitation) {
    setInvitations((current) => current.filter((existing) => existing.id !== invitation.id));
    setToast(`Invitation to ${invitation.email} revoked`);
  }

  function removed(member: WorkspaceMember) {
    setRemoving(null);
    if (member.id === currentUserId) {
      // You now belong to a workspace of your own: show that one.
      router.refresh();
      return;
    }
    setMembers((current) => current.filter((existing) => existing.id !== member.id));
    setToast(`${memberName(member)} removed from the workspace`);
  }

  return (
    <section aria-labelledby="workspace-heading" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 p-5 sm:px-6">
        <div className="flex flex-wrap items-center gap-2.5">
          <h2 id="workspace-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900">
            {workspace.name}
          </h2>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
            {members.length} {members.length === 1 ? "member" : "members"}
          </span>
        </div>
        <p className="mt-1 max-w-xl text-sm text-slate-600">
          {isAdmin
            ? "Members see the snaps shared with the workspace. Admins also manage members and every shared snap."
            : "Only admins can invite or remove members and change roles."}
        </p>
        {isAdmin && (
          <div className="mt-5">
            <InviteMemberForm onInvited={invited} />
          </div>
        )}
      </div>
      {isAdmin && <PendingInvitations invitations={invitations} onRevoked={revoked} />}
      {error && (
        <div className="border-b border-slate-200 p-4 sm:px-6">
          <Alert title="Could not change the role">{error}</Alert>
        </div>
      )}
      <MemberTable
        members={members}
        currentUserId={currentUserId}
        canManage={isAdmin}
        canLeave={canLeave}
        pendingId={pendingId}
        onRoleChange={changeRole}
        onRemove={setRemoving}
      />
      <RemoveMemberDialog
        member={removing}
        isYou={removing?.id === currentUserId}
        onClose={() => setRemoving(null)}
        onRemoved={removed}
        fallbackFocusRef={headingRef}
      />
      <Toast message={toast} onDismiss={dismissToast} />
    </section>
  );
}
