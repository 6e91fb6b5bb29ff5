import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { SNAP_ACCESS_CHANNEL } from "./live-channels";

/**
 * Inside a membership change's transaction: once it commits, every instance checks read access
 * again for the streams this user has open and for the streams on this user's snaps (which may
 * have moved workspace and stopped being shared).
 */
export async function notifyAccessChanged(tx: Tx, userIds: readonly string[]): Promise<void> {
  for (const userId of new Set(userIds)) await tx.$executeRaw`SELECT pg_notify(${SNAP_ACCESS_CHANNEL}, 'user:' || ${userId})`;
}
