"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { UsersIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { Toast } from "@/components/ui/toast";

type Inviter = { name: string | null; email: string } | null;

/** GET /api/invitations' items: into a workspace, or onto one board with a role. */
export type OwnInvitation =
  | {
      kind: "workspace";
      id: string;
      role: "admin" | "member";
      createdAt?: string;
      expiresAt: string;
      workspace: { id: string; name: string };
      invitedBy: Inviter;
    }
  | {
      kind: "board";
      id: string;
      role: "viewer" | "commenter" | "editor";
      createdAt?: string;
      expiresAt: string;
      snap: { id: string; title: string };
      workspace: { id: string; name: string };
      invitedBy: Inviter;
    };

const BOARD_ROLE_TEXT = { viewer: "a viewer", commenter: "a commenter", editor: "an editor" } as const;

/**
 * The signed-in user's pending invitations, with Accept and Decline (on the dashboard and in
 * Settings › Workspace): into another workspace (accepting moves them and their snaps, so the page is
 * rendered again from the server in the new workspace), or onto one board (accepting opens it).
 * Nothing when there are none.
 */
export function OwnInvitations({ initialInvitations }: { initialInvitations: OwnInvitation[] }) {
  const router = useRouter();
  const [invitations, setInvitations] = useState(initialInvitations);
  const [pending, setPending] = useState<{ id: string; action: "accept" | "decline" } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);

  async function answer(invitation: OwnInvitation, action: "accept" | "decline") {
    setError(null);
    setPending({ id: invitation.id, action });
    const result = await callApi(`/api/invitations/${encodeURIComponent(invitation.id)}/${action}`, { method: "POST" });
    setPending(null);
    if (!result.ok && result.status !== 404) return setError(result.error.message);
    setInvitations((current) => current.filter((existing) => existing.id !== invitation.id));
    if (!result.ok) return setError("This invitation was withdrawn or has expired.");
    if (action === "accept" && invitation.kind === "board") {
      router.push(`/snaps/${invitation.snap.id}`);
    } else if (action === "accept") {
      setToast(`You joined ${invitation.workspace.name}`);
      router.refresh();
    } else {
      setToast(`Invitation to ${invitation.kind === "board" ? invitation.snap.title : invitation.workspace.name} declined`);
    }
  }

  return (
    <>
      {(invitations.length > 0 || error) && (
        <section aria-labelledby="own-invitations-heading" className="mb-6 rounded-2xl bg-indigo-50 p-4 ring-1 ring-indigo-200 sm:p-5">
          <div className="flex items-center gap-2">
            <UsersIcon className="size-5 shrink-0 text-indigo-700" />
            <h2 id="own-invitations-heading" className="text-sm font-semibold text-slate-900">
              {invitations.every((invitation) => invitation.kind === "board")
                ? invitations.length === 1
                  ? "A board was shared with you"
                  : "Boards were shared with you"
                : invitations.length === 1
                  ? "You're invited to a workspace"
                  : "You have invitations"}
            </h2>
          </div>
          {error && (
            <div className="mt-3">
              <Alert title="Could not answer the invitation">{error}</Alert>
            </div>
          )}
          <ul className="mt-3 space-y-3">
            {invitations.map((invitation) => {
              const from = invitation.invitedBy ? invitation.invitedBy.name || invitation.invitedBy.email : "An admin";
              const name = invitation.kind === "board" ? invitation.snap.title : invitation.workspace.name;
              return (
                <li
                  key={invitation.id}
                  className="flex flex-col gap-3 rounded-xl bg-white p-3.5 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 text-sm text-slate-700">
                    {invitation.kind === "board" ? (
                      <p>
                        <span className="font-medium text-slate-900">{from}</span> shared the board <span className="font-medium text-slate-900">{name}</span>{" "}
                        with you as {BOARD_ROLE_TEXT[invitation.role]}.
                      </p>
                    ) : (
                      <p>
                        <span className="font-medium text-slate-900">{from}</span> invited you to <span className="font-medium text-slate-900">{name}</span> as{" "}
                        {invitation.role === "admin" ? "an admin" : "a member"}.
                      </p>
                    )}
                    <p className="mt-0.5 text-xs text-slate-600">
                      {invitation.kind === "board"
                        ? "You see this board only; your workspace stays as it is."
                        : "Joining moves you and your snaps out of your current workspace."}{" "}
                      Expires <RelativeTime value={invitation.expiresAt} />.
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      pending={pending?.id === invitation.id && pending.action === "decline"}
                      disabled={pending !== null}
                      aria-label={`Decline the invitation to ${name}`}
                      onClick={() => answer(invitation, "decline")}
                    >
                      Decline
                    </Button>
                    <Button
                      size="sm"
                      pending={pending?.id === invitation.id && pending.action === "accept"}
                      disabled={pending !== null}
                      aria-label={`Accept the invitation to ${name}`}
                      onClick={() => answer(invitation, "accept")}
                    >
                      Accept
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <Toast message={toast} onDismiss={dismissToast} />
    </>
  );
}
