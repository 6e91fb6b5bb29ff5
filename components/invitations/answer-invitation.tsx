"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { OwnInvitation } from "./own-invitations";

const ROLE_TEXT = { viewer: "a viewer", commenter: "a commenter", editor: "an editor", admin: "an admin", member: "a member" } as const;

/** One invitation, as its email's link shows it: accept (then the board, or the dashboard in the new workspace) or decline. */
export function AnswerInvitation({ invitation }: { invitation: OwnInvitation }) {
  const router = useRouter();
  const [pending, setPending] = useState<"accept" | "decline" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const from = invitation.invitedBy ? invitation.invitedBy.name || invitation.invitedBy.email : "Someone";
  const what = invitation.kind === "board" ? `the board “${invitation.snap.title}”` : `the workspace “${invitation.workspace.name}”`;

  async function answer(action: "accept" | "decline") {
    setPending(action);
    setError(null);
    const result = await callApi(`/api/invitations/${encodeURIComponent(invitation.id)}/${action}`, { method: "POST" });
    if (!result.ok) {
      setPending(null);
      return setError(result.status === 404 ? "This invitation was withdrawn or has expired." : result.error.message);
    }
    router.replace(action === "accept" && invitation.kind === "board" ? `/snaps/${invitation.snap.id}` : "/");
    router.refresh();
  }

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">You&apos;re invited</h1>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-medium text-slate-900">{from}</span> invited you to {what} as {ROLE_TEXT[invitation.role]}.
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {invitation.kind === "board"
          ? "You will see this board only; nothing else of its workspace."
          : "Joining moves you and your snaps out of your current workspace."}
      </p>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="mt-6 flex gap-2">
        <Button variant="secondary" pending={pending === "decline"} disabled={pending !== null} onClick={() => void answer("decline")}>
          Decline
        </Button>
        <Button className="flex-1" pending={pending === "accept"} disabled={pending !== null} onClick={() => void answer("accept")}>
          {invitation.kind === "board" ? "Accept and open the board" : "Accept"}
        </Button>
      </div>
    </>
  );
}
