import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { SNAP_ACCESS_CHANNEL } from "./live-channels";

/** Inside the epoch's transaction: once it commits, every instance ends the user's older sessions' streams. */
export async function notifySessionsEnded(tx: Tx, userId: string, epoch: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${SNAP_ACCESS_CHANNEL}, 'session:' || ${userId} || ':' || ${epoch}::int)`;
}
