import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { SNAP_ACCESS_CHANNEL } from "./live-channels";

/** Inside the revocation's transaction: once it commits, every instance ends the streams opened with this key. */
export async function notifyKeyRevoked(tx: Tx, apiKeyId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${SNAP_ACCESS_CHANNEL}, 'key:' || ${apiKeyId})`;
}

/** The same for an OAuth grant (lib/oauth/revoke-grant.ts): the streams opened with its tokens end. */
export async function notifyGrantRevoked(tx: Tx, grantId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${SNAP_ACCESS_CHANNEL}, 'grant:' || ${grantId})`;
}
