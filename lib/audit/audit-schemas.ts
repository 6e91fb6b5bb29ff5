import { z } from "zod";
import { idSchema, timestampSchema } from "@/lib/validation/common";

/**
 * Every action the audit log records, dotted: `<area>.<what happened>`. The list is closed so that
 * a filter naming an unknown action is a 400, not an empty page (docs/SECURITY.md, "Audit log").
 */
export const AUDIT_ACTIONS = [
  "auth.signed_in",
  "auth.sign_in_failed",
  "auth.signed_out",
  "auth.signed_out_everywhere",
  "auth.password_changed",
  "auth.account_claimed_by_sso",
  "apikey.created",
  "apikey.revoked",
  "webhook.created",
  "webhook.deleted",
  "webhook.updated",
  "webhook.secret_rotated",
  "member.added",
  "member.invited",
  "member.invitation_accepted",
  "member.invitation_declined",
  "member.invitation_revoked",
  "member.left",
  "member.removed",
  "member.role_changed",
  "board.member_invited",
  "board.member_added",
  "board.member_role_changed",
  "board.member_removed",
  "board.invitation_declined",
  "board.invitation_revoked",
  "snap.shared",
  "snap.unshared",
  "snap.made_public",
  "snap.made_private",
  "snap.restored",
  "snap.deleted",
  "file.deleted",
  "oauth.authorized",
  "oauth.revoked",
  "oauth.refresh_reuse",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The part before the dot: `action=snap` filters every snap.* entry. */
export const AUDIT_ACTION_AREAS = [...new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0]!))] as [string, ...string[]];

export const AUDIT_ACTOR_TYPES = ["user", "api_key", "cli", "anonymous", "oauthApp"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const AUDIT_TARGET_TYPES = ["user", "api_key", "webhook", "member", "invitation", "snap", "file", "oauth_app"] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_LOG_MAX_LIMIT = 100;

export const auditLogQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: "Expected a number" })
    .int("Expected a whole number")
    .min(1, "Must be at least 1")
    .max(AUDIT_LOG_MAX_LIMIT, `Must be at most ${AUDIT_LOG_MAX_LIMIT}`)
    .default(50)
    .describe("Entries per page, 1..100 (default 50)."),
  before: z
    .string()
    .max(200, "Not a valid cursor")
    .regex(/^[A-Za-z0-9_-]+$/, "Not a valid cursor")
    .optional()
    .describe("The `nextCursor` of the previous page."),
  action: z
    .enum([...AUDIT_ACTIONS, ...AUDIT_ACTION_AREAS] as [string, ...string[]], {
      error: `Expected an action (${AUDIT_ACTIONS.join(", ")}) or an area (${AUDIT_ACTION_AREAS.join(", ")})`,
    })
    .optional()
    .describe("One action (`apikey.created`) or a whole area (`snap`)."),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: idSchema,
  action: z.enum(AUDIT_ACTIONS),
  occurredAt: timestampSchema,
  actor: z.object({
    type: z
      .enum(AUDIT_ACTOR_TYPES)
      .describe("`user` (signed-in browser), `api_key`, `oauthApp` (a connected app's access token), `cli` (the admin CLI), `anonymous` (a failed sign-in)."),
    userId: idSchema.nullable(),
    name: z.string().nullable().describe("The user's name, or their email when they have none."),
    apiKeyId: idSchema.nullable(),
    apiKeyName: z.string().nullable(),
    clientId: z.string().optional().describe("`oauthApp` only: the app's OAuth client_id."),
    clientName: z.string().optional().describe("`oauthApp` only: the app's name."),
  }),
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    id: idSchema.nullable(),
    name: z.string().nullable().describe("As it was when the entry was written."),
  }),
  ip: z.string().nullable().describe('The client address (docs/API.md, "Rate limits", on proxies), or null outside a request (CLI).'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema).describe("Newest first."),
  nextCursor: z.string().nullable().describe("Pass as `before` for the next page; null on the last page."),
});
