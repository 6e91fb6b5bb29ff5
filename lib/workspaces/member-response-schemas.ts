import { z } from "zod";
import { idSchema, timestampSchema } from "@/lib/validation/common";
import { storedEmailSchema } from "@/lib/users/schemas";
import { WORKSPACE_ROLES } from "@/lib/workspaces/schemas";

// The members API's response shapes (toWorkspaceMember in lib/workspaces/member-selects.ts): the
// declarations in lib/operations/ and the settings page's types read them.

export const workspaceMemberSchema = z.object({
  id: idSchema.describe("The member's user id."),
  email: storedEmailSchema,
  name: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: timestampSchema,
});

export const workspaceMembersResponseSchema = z.object({
  workspace: z.object({ id: idSchema, name: z.string() }),
  members: z.array(workspaceMemberSchema).describe("In the order they joined."),
});

export const workspaceMemberResponseSchema = z.object({ member: workspaceMemberSchema });
