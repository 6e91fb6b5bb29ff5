import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapAccessFacts } from "@/lib/board-model/snap-access";

/**
 * Which of these users can read the snap now (the rule of lib/board-model/snap-access.ts: its owner, or a
 * member of its workspace when it is shared there, or a board member). Unknown ids are simply not among them.
 */
export async function readableUserIds(tx: Tx, snap: SnapAccessFacts, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT u.id FROM "User" AS u LEFT JOIN "Membership" AS m ON m."userId" = u.id
    WHERE u.id = ANY(${userIds}::text[])
      AND (u.id = ${snap.userId} OR (${snap.sharedWithWorkspace}::boolean AND m."workspaceId" = ${snap.workspaceId})
        OR u.id = ANY(${snap.members.map((member) => member.userId)}::text[]))`;
  return new Set(rows.map((row) => row.id));
}
