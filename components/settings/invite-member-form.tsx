"use client";

import { useId, useState, type FormEvent } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { TextField } from "@/components/ui/text-field";
import { RoleSelect } from "./role-select";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SentInvitation {
  id: string;
  email: string;
  role: "admin" | "member";
  expiresAt: string;
}

/**
 * Admins invite by email. Nobody joins until they accept, and the answer is the same whether or not
 * the address has an account, so the form can only say that the invitation was sent.
 */
export function InviteMemberForm({ onInvited }: { onInvited: (invitation: SentInvitation) => void }) {
  const roleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"member" | "admin">("member");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    setFormError(null);
    setSentTo(null);
    if (!trimmed) return setEmailError("Email is required");
    if (!EMAIL_PATTERN.test(trimmed)) return setEmailError("Enter a valid email address");
    setEmailError(undefined);

    setPending(true);
    const result = await callApi<{ invitation: SentInvitation }>("/api/workspace/members", { method: "POST", body: { email: trimmed, role } });
    setPending(false);
    if (result.ok) {
      setEmail("");
      setRole("member");
      setSentTo(result.data.invitation.email);
      return onInvited(result.data.invitation);
    }
    if (result.status === 409 || result.status === 400) setEmailError(result.error.details?.[0]?.message ?? result.error.message);
    else setFormError(result.error.message);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="invite-member-heading" className="space-y-3">
      <h3 id="invite-member-heading" className="text-sm font-semibold text-slate-900">
        Invite by email
      </h3>
      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="off"
          placeholder="colleague@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          hint="They accept in the app, signed in with this address (they can sign up later). No email is sent: let them know. Invitations expire after 14 days; joining moves them, with their snaps, out of their current workspace."
          className="min-w-0 flex-1"
        />
        <div className="sm:w-36">
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <div className="mt-1.5">
            <RoleSelect id={roleId} value={role} onChange={setRole} className="h-10 w-full rounded-lg pl-3" />
          </div>
        </div>
        <Button type="submit" pending={pending} className="sm:mt-7">
          {!pending && <PlusIcon className="size-4" />}
          {pending ? "Sending…" : "Send invitation"}
        </Button>
      </div>
      <p role="status" className="text-sm text-emerald-700">
        {sentTo && `Invitation sent to ${sentTo}. It shows under Pending invitations until they answer.`}
      </p>
    </form>
  );
}
