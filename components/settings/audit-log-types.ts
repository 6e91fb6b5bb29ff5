import type { z } from "zod";
import type { auditEntrySchema } from "@/lib/audit/audit-schemas";

/** An entry as GET /api/workspace/audit-log answers it. */
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** The filter's choices: a whole area or nothing (every action). */
export const AUDIT_FILTERS = [
  { value: "", label: "Everything" },
  { value: "auth", label: "Sign-ins and sign-outs" },
  { value: "apikey", label: "API keys" },
  { value: "webhook", label: "Webhooks" },
  { value: "member", label: "Members" },
  { value: "snap", label: "Snaps" },
] as const;

const ACTION_LABELS: Record<string, string> = {
  "auth.signed_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.signed_out": "Signed out",
  "auth.signed_out_everywhere": "Signed out everywhere",
  "auth.password_changed": "Changed the password",
  "auth.account_claimed_by_sso": "Single sign-on took over an unverified account",
  "apikey.created": "Created API key",
  "apikey.revoked": "Revoked API key",
  "webhook.created": "Created webhook",
  "webhook.deleted": "Deleted webhook",
  "webhook.updated": "Changed webhook",
  "webhook.secret_rotated": "Rotated webhook secret",
  "member.added": "Added member",
  "member.removed": "Removed member",
  "member.role_changed": "Changed role",
  "snap.shared": "Shared with the workspace",
  "snap.unshared": "Stopped sharing with the workspace",
  "snap.made_public": "Made public",
  "snap.made_private": "Made private",
  "snap.restored": "Restored a version",
  "snap.deleted": "Deleted snap",
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Who acted, in words: the person (and the key they used), the admin CLI, or an unknown caller. */
export function actorLabel(actor: AuditEntry["actor"]): string {
  if (actor.type === "cli") return "Admin CLI";
  if (actor.type === "anonymous") return "Someone";
  const name = actor.name ?? "A deleted user";
  return actor.type === "api_key" ? `${name} (API key ${actor.apiKeyName ?? "deleted"})` : name;
}
