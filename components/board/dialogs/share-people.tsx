"use client";

import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { SNAP_ROLES, type SnapRole } from "@/lib/board-model/snap-roles";
import type { SnapInvitation, SnapMember, SnapMembersResponse } from "@/lib/board-members/member-schemas";
import type { BoardSnap } from "../state/board-types";

const ROLE_LABELS: Record<SnapRole, string> = { viewer: "Can view", commenter: "Can comment", editor: "Can edit" };
const SHARE_MODE_LABELS = { view: "view", comment: "comment on", edit: "edit" } as const;

const SELECT =
  "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-60";

/**
 * The Share dialog's people: each member with a role select and a remove button, an invitation by
 * email with a role, and the pending invitations with revoke. Changes are shown at once and rolled
 * back with a message when the server refuses them.
 */
export function SharePeople({ snap }: { snap: BoardSnap }) {
  const [state, setState] = useState<SnapMembersResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    const result = await callApi<SnapMembersResponse>(`/api/snaps/${snap.id}/members`);
    if (result.ok) setState(result.data);
    else setLoadError(result.error.message);
  }, [snap.id]);

  useEffect(() => {
    // Fetching on open is what this effect is for: the list lives on the server.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  async function changeRole(member: SnapMember, role: SnapRole) {
    const before = state;
    setError(null);
    setState((current) => current && { ...current, members: current.members.map((m) => (m.user.id === member.user.id ? { ...m, role } : m)) });
    const result = await callApi(`/api/snaps/${snap.id}/members/${member.user.id}`, { method: "PATCH", body: { role } });
    if (!result.ok) {
      setState(before);
      setError(`Couldn't change ${nameOf(member)}'s role: ${result.error.message}`);
    }
  }

  async function remove(member: SnapMember) {
    const before = state;
    setError(null);
    setState((current) => current && { ...current, members: current.members.filter((m) => m.user.id !== member.user.id) });
    const result = await callApi(`/api/snaps/${snap.id}/members/${member.user.id}`, { method: "DELETE" });
    if (!result.ok) {
      setState(before);
      setError(`Couldn't remove ${nameOf(member)}: ${result.error.message}`);
    }
  }

  async function revoke(invitation: SnapInvitation) {
    const before = state;
    setError(null);
    setState((current) => current && { ...current, invitations: current.invitations.filter((i) => i.id !== invitation.id) });
    const result = await callApi(`/api/snaps/${snap.id}/invitations/${invitation.id}`, { method: "DELETE" });
    if (!result.ok && result.status !== 404) {
      setState(before);
      setError(`Couldn't revoke the invitation to ${invitation.email}: ${result.error.message}`);
    }
  }

  const invited = (invitation: SnapInvitation) =>
    setState((current) => current && { ...current, invitations: [invitation, ...current.invitations.filter((i) => i.id !== invitation.id)] });

  return (
    <section aria-labelledby="share-people-heading" className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200">
      <h3 id="share-people-heading" className="text-sm font-semibold text-slate-900">
        People
      </h3>
      <p data-testid="share-audience" className="text-sm text-slate-600">
        {audienceOf(snap, state)}
      </p>
      {error && <Alert>{error}</Alert>}
      <InviteForm snapId={snap.id} onInvited={invited} />
      {loadError && (
        <Alert>
          {loadError}{" "}
          <button type="button" className="font-medium underline" onClick={() => void load()}>
            Try again
          </button>
        </Alert>
      )}
      {!state && !loadError && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Loading people…
        </p>
      )}
      {state && (
        <ul aria-label="People on this board" className="divide-y divide-slate-100">
          {state.members.length === 0 && <li className="py-2 text-sm text-slate-600">No one has been added to this board yet.</li>}
          {state.members.map((member) => (
            <li key={member.user.id} className="flex flex-wrap items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {nameOf(member)}
                  {member.guest && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Guest</span>}
                </p>
                {member.user.email && member.user.name && <p className="truncate text-xs text-slate-600">{member.user.email}</p>}
              </div>
              <select
                aria-label={`Role of ${nameOf(member)}`}
                className={SELECT}
                value={member.role}
                onChange={(event) => void changeRole(member, event.target.value as SnapRole)}
              >
                {SNAP_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
              <Button variant="ghost" size="sm" aria-label={`Remove ${nameOf(member)}`} onClick={() => void remove(member)}>
                Remove
              </Button>
            </li>
          ))}
          {state.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-900">{invitation.email}</p>
                <p className="text-xs text-slate-600">Invited · {ROLE_LABELS[invitation.role].toLowerCase()} · pending</p>
              </div>
              <Button variant="ghost" size="sm" aria-label={`Revoke the invitation to ${invitation.email}`} onClick={() => void revoke(invitation)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InviteForm({ snapId, onInvited }: { snapId: string; onInvited: (invitation: SnapInvitation) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<SnapRole>("commenter");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return setError("Enter an email address");
    setPending(true);
    setError(null);
    setSent(null);
    const result = await callApi<{ invitation: SnapInvitation }>(`/api/snaps/${snapId}/members`, { method: "POST", body: { email, role } });
    setPending(false);
    if (!result.ok) return setError(fieldErrorsOf(result.error).email ?? result.error.message);
    onInvited(result.data.invitation);
    setSent(`Invitation sent to ${result.data.invitation.email}`);
    setEmail("");
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-1.5" noValidate>
      <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
        Invite by email
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          // At least 12rem: on a phone the role and the button wrap below it, not squeeze it.
          className="h-9 min-w-0 flex-1 basis-48 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 placeholder:text-slate-400"
        />
        <select aria-label="Role to invite with" className={`${SELECT} h-9!`} value={role} onChange={(event) => setRole(event.target.value as SnapRole)}>
          {SNAP_ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" className="h-9!" pending={pending}>
          Invite
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p role="status" className="text-sm text-emerald-700">
        {sent}
      </p>
    </form>
  );
}

function nameOf(member: SnapMember): string {
  return member.user.name || member.user.email || "Someone";
}

/** Who can see the board, in one plain sentence. */
function audienceOf(snap: BoardSnap, state: SnapMembersResponse | null): string {
  const parts: string[] = [];
  if (snap.sharedWithWorkspace) parts.push(`everyone in your workspace can ${SHARE_MODE_LABELS[snap.shareMode]} it`);
  if (snap.isPublic) parts.push("anyone with the public link can view it");
  const people = state?.members.length ?? 0;
  if (people > 0) parts.push(`${people === 1 ? "1 person" : `${people} people`} added below can open it with their role`);
  if (parts.length === 0) return "Only you can see this board.";
  return `Besides you, ${parts.join("; ")}.`;
}
