import "server-only";
import { queryRows } from "@/lib/db/query-rows";
import type { SnapAccessFacts } from "@/lib/board-model/snap-access";
import { snapMembersColumn } from "@/lib/board-model/snap-access";

/** A snap's access facts as they are now; null once it is gone. */
export async function readSnapAccessFacts(snapId: string): Promise<SnapAccessFacts | null> {
  const [facts] = await queryRows<SnapAccessFacts>(
    `SELECT s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumn("s")} FROM "Snap" AS s WHERE s.id = $1`,
    [snapId],
  );
  return facts ?? null;
}
