import { z } from "zod";
import { SNAP_ROLES } from "@/lib/board-model/snap-roles";
import { emailSchema, storedEmailSchema } from "@/lib/users/schemas";
import { idSchema, timestampSchema } from "@/lib/validation/common";

// The board members API's shapes (docs/API.md, "Board members"); browser-safe: the Share dialog reads them.

export const snapRoleSchema = z
  .enum(SNAP_ROLES, { error: "Role must be viewer, commenter or editor" })
  .describe("`viewer` reads; `commenter` also comments and resolves; `editor` also edits cards, lines and content fields.");

/** POST /api/snaps/:id/members: invite an email to the board with a role. */
export const snapMemberInviteSchema = z.strictObject({ email: emailSchema, role: snapRoleSchema });
export type SnapMemberInvite = z.infer<typeof snapMemberInviteSchema>;

/** PATCH /api/snaps/:id/members/:userId. */
export const snapMemberRoleChangeSchema = z.strictObject({ role: snapRoleSchema });
export type SnapMemberRoleChange = z.infer<typeof snapMemberRoleChangeSchema>;

export const snapMemberSchema = z.object({
  user: z.object({
    id: idSchema,
    name: z.string().nullable(),
    email: storedEmailSchema.optional().describe("Only to those who manage the board (its owner, the workspace's admins)."),
  }),
  role: snapRoleSchema,
  guest: z.boolean().describe("Not a member of the board's workspace: sees this board and nothing else of that workspace."),
  addedAt: timestampSchema,
  addedBy: z.object({ id: idSchema, name: z.string().nullable() }).nullable().describe("Who invited them; null once that user is gone."),
});
export type SnapMember = z.infer<typeof snapMemberSchema>;

export const snapInvitationSchema = z.object({
  id: idSchema,
  email: storedEmailSchema,
  role: snapRoleSchema,
  createdAt: timestampSchema,
  expiresAt: timestampSchema.describe("14 days after it was sent."),
});
export type SnapInvitation = z.infer<typeof snapInvitationSchema>;

export const snapMembersResponseSchema = z.object({
  members: z.array(snapMemberSchema).describe("Oldest first."),
  invitations: z.array(snapInvitationSchema).describe("Pending ones, newest first; empty unless you manage the board."),
});
export type SnapMembersResponse = z.infer<typeof snapMembersResponseSchema>;

export const snapInvitationResponseSchema = z.object({ invitation: snapInvitationSchema });
export const snapMemberResponseSchema = z.object({ member: snapMemberSchema });

/** A board of GET /api/snaps/shared-with-me. */
export const sharedSnapSchema = z.object({
  id: idSchema,
  title: z.string(),
  icon: z.string().nullable(),
  updatedAt: timestampSchema,
  role: snapRoleSchema,
  addedAt: timestampSchema,
  owner: z.object({ id: idSchema, name: z.string().nullable() }),
  workspace: z.object({ id: idSchema, name: z.string() }),
  guest: z.boolean().describe("The board belongs to another workspace than yours."),
});
export const sharedWithMeResponseSchema = z.object({
  snaps: z.array(sharedSnapSchema).describe("Newest membership first, at most 200."),
});
export type SharedSnap = z.infer<typeof sharedSnapSchema>;

/** GET /api/workspace/guests: one person from outside the workspace and the boards they are on. */
export const workspaceGuestSchema = z.object({
  user: z.object({ id: idSchema, name: z.string().nullable(), email: storedEmailSchema }),
  snaps: z.array(z.object({ id: idSchema, title: z.string(), role: snapRoleSchema, addedAt: timestampSchema })),
});
export const workspaceGuestsResponseSchema = z.object({ guests: z.array(workspaceGuestSchema).describe("By email.") });
