"use client";

import { useId, useState, type FormEvent } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { TextField } from "@/components/ui/text-field";
import { RoleSelect } from "./role-select";
import type { WorkspaceMember } from "./workspace-types";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Admins add an existing account by email. The errors say what to do next, not just what failed. */
export function AddMemberForm({ onAdded }: { onAdded: (member: WorkspaceMember) => void }) {
  const roleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"member" | "admin">("member");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    setFormError(null);
    if (!trimmed) return setEmailError("Email is required");
    if (!EMAIL_PATTERN.test(trimmed)) return setEmailError("Enter a valid email address");
    setEmailError(undefined);

    setPending(true);
    const result = await callApi<{ member: WorkspaceMember }>("/api/workspace/members", { method: "POST", body: { email: trimmed, role } });
    setPending(false);
    if (result.ok) {
      setEmail("");
      setRole("member");
      return onAdded(result.data.member);
    }
    if (result.status === 404) setEmailError("No account uses this email. Ask them to sign up first, then add them.");
    else if (result.status === 409) setEmailError("Already a member of this workspace.");
    else if (result.status === 400) setEmailError(result.error.details?.[0]?.message ?? result.error.message);
    else setFormError(result.error.message);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="add-member-heading" className="space-y-3">
      <h3 id="add-member-heading" className="text-sm font-semibold text-slate-900">
        Add member by email
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
          hint="They need an account already. Joining moves them, with their snaps, out of their current workspace."
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
          {pending ? "Adding…" : "Add member"}
        </Button>
      </div>
    </form>
  );
}
