import "server-only";
import { queryRows } from "@/lib/db/query-rows";

/** Of these 2025 sessions, those that watch the board: one statement for every open stream of the instance. */
export async function sessionsWatching(snapId: string, sessionIds: readonly string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(`SELECT id FROM "McpSession" WHERE id = ANY($1::text[]) AND $2 = ANY("snapIds")`, [sessionIds, snapId]);
  return new Set(rows.map((row) => row.id));
}

/** These sessions' subscriptions to a board their caller may no longer read end. */
export async function forgetLostBoard(snapId: string, sessionIds: readonly string[]): Promise<void> {
  await queryRows(`UPDATE "McpSession" SET "snapIds" = array_remove("snapIds", $1) WHERE id = ANY($2::text[]) RETURNING id`, [snapId, sessionIds]);
}
