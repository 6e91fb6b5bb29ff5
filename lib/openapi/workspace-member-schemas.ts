import { z } from "zod";
import { idSchema, timestampSchema } from "@/lib/validation/common";
import { WORKSPACE_ROLES } from "@/lib/workspaces/schemas";

// The members API's response shapes (toWorkspaceMember in lib/workspaces/member-selects.ts), for
// the OpenAPI document; the contract test holds them to the server's real answers.

export const workspaceMemberSchema = z.object({
  id: idSchema.describe("The member's user id."),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: timestampSchema,
});

export const workspaceMembersResponseSchema = z.object({
  workspace: z.object({ id: idSchema, name: z.string() }),
  members: z.array(workspaceMemberSchema).describe("In the order they joined."),
});

export const workspaceMemberResponseSchema = z.object({ member: workspaceMemberSchema });

/** GET /api/ping: the benchmark's baseline route. */
export const pingResponseSchema = z.object({ ok: z.literal(true) });
