import "server-only";
import type { Tx } from "@/lib/db/run-transaction";

export interface MemberUser {
  userId: string;
  name: string | null;
  email: string;
  /** Not a member of the snap's workspace. */
  guest: boolean;
}

/** A user as a member change reports them, and whether they are a guest of the workspace. */
export async function readMemberUser(tx: Tx, userId: string, workspaceId: string): Promise<MemberUser | null> {
  const [user] = await tx.$queryRaw<MemberUser[]>`
    SELECT u.id AS "userId", u.name, u.email, (m."workspaceId" IS DISTINCT FROM ${workspaceId}) AS guest
    FROM "User" AS u LEFT JOIN "Membership" AS m ON m."userId" = u.id WHERE u.id = ${userId}`;
  return user ?? null;
}
