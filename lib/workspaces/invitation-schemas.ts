import { z } from "zod";
import { storedEmailSchema } from "@/lib/users/schemas";
import { idSchema, timestampSchema } from "@/lib/validation/common";
import { SNAP_ROLES } from "@/lib/board-model/snap-roles";
import { WORKSPACE_ROLES } from "./schemas";

// The invitations API's shapes (docs/API.md, "Invitations"): what an admin sees of the invitations
// they sent, and what an invitee sees of theirs.

export const invitationSchema = z.object({
  id: idSchema,
  email: storedEmailSchema.describe("Who is invited: whoever has, or makes, an account with this email."),
  role: z.enum(WORKSPACE_ROLES).describe("The role they get on accepting."),
  expiresAt: timestampSchema.describe("14 days after it was sent."),
});

export const invitationResponseSchema = z.object({ invitation: invitationSchema });

export const workspaceInvitationSchema = invitationSchema.extend({
  createdAt: timestampSchema,
  invitedBy: z.object({ id: idSchema, name: z.string().nullable(), email: storedEmailSchema }).nullable().describe("null once that user is gone."),
});

export const workspaceInvitationsResponseSchema = z.object({
  invitations: z.array(workspaceInvitationSchema).describe("Pending ones, newest first (at most 100 exist)."),
});

const inviterSchema = z.object({ name: z.string().nullable(), email: storedEmailSchema }).nullable();

export const ownInvitationSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("workspace").describe("Into a workspace: accepting moves you there."),
    id: idSchema,
    role: z.enum(WORKSPACE_ROLES),
    createdAt: timestampSchema,
    expiresAt: timestampSchema,
    workspace: z.object({ id: idSchema, name: z.string() }),
    invitedBy: inviterSchema,
  }),
  z.object({
    kind: z.literal("board").describe("Onto one board: accepting makes you its member with the role; your workspace stays."),
    id: idSchema,
    role: z.enum(SNAP_ROLES),
    createdAt: timestampSchema,
    expiresAt: timestampSchema,
    snap: z.object({ id: idSchema, title: z.string() }),
    workspace: z.object({ id: idSchema, name: z.string() }).describe("The board's workspace."),
    invitedBy: inviterSchema,
  }),
]);

export const ownInvitationsResponseSchema = z.object({
  invitations: z.array(ownInvitationSchema).describe("Pending ones addressed to your email, of both kinds, newest first, at most 100."),
});

export const acceptedInvitationResponseSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("workspace"), workspace: z.object({ id: idSchema, name: z.string() }), role: z.enum(WORKSPACE_ROLES) }),
  z.object({ kind: z.literal("board"), snap: z.object({ id: idSchema, title: z.string() }), role: z.enum(SNAP_ROLES) }),
]);
