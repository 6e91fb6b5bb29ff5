import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { SNAP_EVENTS_CHANNEL } from "./live-channels";

/** Inside the delete's transaction: streams on the snap get `deleted` once it commits (its events go with it). */
export async function notifySnapDeleted(tx: Tx, snapId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${SNAP_EVENTS_CHANNEL}, ${snapId} || ':deleted')`;
}
