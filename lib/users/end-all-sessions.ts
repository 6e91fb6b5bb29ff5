import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { notifySessionsEnded } from "@/lib/live/notify-sessions-ended";

/**
 * Inside a write's transaction: raises the user's session epoch, so every session token issued
 * before is refused at its next request on every instance (lib/auth/load-principal.ts), and once
 * committed their sessions' event streams end.
 */
export async function endAllSessions(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ sessionEpoch: number }[]>`
    UPDATE "User" SET "sessionEpoch" = "sessionEpoch" + 1, "updatedAt" = now() WHERE id = ${userId} RETURNING "sessionEpoch"`;
  const epoch = row?.sessionEpoch ?? 0;
  await notifySessionsEnded(tx, userId, epoch);
  return epoch;
}
