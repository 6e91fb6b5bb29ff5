/** A member as GET /api/workspace/members lists them; joinedAt as an ISO string. */
export interface WorkspaceMember {
  id: string;
  email: string;
  name: string | null;
  role: "admin" | "member";
  joinedAt: string;
}

export interface WorkspaceSummary {
  id: string;
  name: string;
}

export const ROLE_OPTIONS = [
  { value: "member", label: "Member" },
  { value: "admin", label: "Admin" },
] as const;

export function memberName(member: Pick<WorkspaceMember, "name" | "email">): string {
  return member.name || member.email;
}
