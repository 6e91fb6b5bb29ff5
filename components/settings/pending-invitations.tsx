"use client";

import { useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";

export interface PendingInvitation {
  id: string;
  email: string;
  role: "admin" | "member";
  expiresAt: string;
}

interface PendingInvitationsProps {
  invitations: PendingInvitation[];
  onRevoked: (invitation: PendingInvitation) => void;
}

/** Admins: the invitations nobody has answered yet, each with Revoke. Nothing when there are none. */
export function PendingInvitations({ invitations, onRevoked }: PendingInvitationsProps) {
  const [revokingId, setRevokingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function revoke(invitation: PendingInvitation) {
    setError(null);
    setRevokingId(invitation.id);
    const result = await callApi(`/api/workspace/invitations/${encodeURIComponent(invitation.id)}`, { method: "DELETE" });
    setRevokingId(null);
    // Already gone (revoked elsewhere, accepted, expired) is what was asked for.
    if (result.ok || result.status === 404) return onRevoked(invitation);
    setError(result.error.message);
  }

  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="pending-invitations-heading" className="border-b border-slate-200 p-5 sm:px-6">
      <h3 id="pending-invitations-heading" className="text-sm font-semibold text-slate-900">
        Pending invitations
      </h3>
      {error && (
        <div className="mt-3">
          <Alert title="Could not revoke the invitation">{error}</Alert>
        </div>
      )}
      <ul className="mt-3 divide-y divide-slate-100" aria-label="Pending invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
              <p className="text-xs text-slate-600">
                {invitation.role === "admin" ? "As an admin" : "As a member"} · expires <RelativeTime value={invitation.expiresAt} />
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              pending={revokingId === invitation.id}
              disabled={revokingId !== null}
              aria-label={`Revoke the invitation of ${invitation.email}`}
              onClick={() => revoke(invitation)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
