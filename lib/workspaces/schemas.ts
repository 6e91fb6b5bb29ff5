import { z } from "zod";
import { emailSchema } from "@/lib/users/schemas";

export const WORKSPACE_ROLES = ["admin", "member"] as const;

export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES, { error: "Role must be admin or member" });

/** An admin invites an email into their workspace (the CLI adds an existing user directly); the role defaults to member. */
export const addWorkspaceMemberInputSchema = z.strictObject({
  email: emailSchema,
  role: workspaceRoleSchema.default("member"),
});
export type AddWorkspaceMemberInput = z.input<typeof addWorkspaceMemberInputSchema>;

/** PATCH /api/workspace/members/:userId: an admin changes a member's role. */
export const changeMemberRoleInputSchema = z.strictObject({ role: workspaceRoleSchema });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleInputSchema>;
