import type { z } from "zod";
import type { workspaceInvitationSchema } from "@/lib/workspaces/invitation-schemas";
import type { workspaceMemberSchema, workspaceMembersResponseSchema } from "@/lib/workspaces/member-response-schemas";

/** A member as GET /api/workspace/members lists them; joinedAt as an ISO string. */
export type WorkspaceMember = z.output<typeof workspaceMemberSchema>;
export type WorkspaceSummary = z.output<typeof workspaceMembersResponseSchema>["workspace"];

export const ROLE_OPTIONS = [
  { value: "member", label: "Member" },
  { value: "admin", label: "Admin" },
] as const;

export function memberName(member: Pick<WorkspaceMember, "name" | "email">): string {
  return member.name || member.email;
}

/** A pending invitation as GET /api/workspace/invitations lists it (admins). */
export type WorkspaceInvitation = z.output<typeof workspaceInvitationSchema>;
