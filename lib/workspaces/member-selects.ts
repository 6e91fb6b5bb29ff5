import type { Prisma } from "@/lib/db/generated/client";

/** A membership with what the members API shows of its user (never the password hash). */
export const workspaceMemberSelect = {
  userId: true,
  role: true,
  createdAt: true,
  user: { select: { email: true, name: true } },
} as const satisfies Prisma.MembershipSelect;

type WorkspaceMemberRow = Prisma.MembershipGetPayload<{ select: typeof workspaceMemberSelect }>;

/** The members API's shape: the user's id, email and name, their role, and when they joined. */
export function toWorkspaceMember(row: WorkspaceMemberRow) {
  return { id: row.userId, email: row.user.email, name: row.user.name, role: row.role, joinedAt: row.createdAt };
}

export type WorkspaceMember = ReturnType<typeof toWorkspaceMember>;
