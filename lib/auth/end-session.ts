import "server-only";
import { runTransaction } from "@/lib/db/run-transaction";
import { SNAP_ACCESS_CHANNEL } from "@/lib/live/live-channels";

/**
 * An ordinary sign-out, on the server: the session's id is recorded as ended, so any copy of its
 * cookie is refused at its next request on every instance (lib/auth/load-principal.ts), and once
 * committed the streams opened with it end. Kept `maxAgeSeconds`, the longest any token of the
 * session can still be valid (it slides forward on each visit, but no further than that after the
 * last one, which is before now). Expired rows go on the way, so the table holds at most a session
 * lifetime's sign-outs.
 */
export async function endSession(userId: string, sessionId: string, maxAgeSeconds: number): Promise<void> {
  await runTransaction(async (tx) => {
    await tx.$executeRaw`DELETE FROM "EndedSession" WHERE "expiresAt" < now()`;
    await tx.$executeRaw`
      INSERT INTO "EndedSession" (id, "userId", "expiresAt")
      VALUES (${sessionId}, ${userId}, now() + ${maxAgeSeconds}::int * interval '1 second')
      ON CONFLICT (id) DO NOTHING`;
    await tx.$executeRaw`SELECT pg_notify(${SNAP_ACCESS_CHANNEL}, 'ended:' || ${userId} || ':' || ${sessionId})`;
  });
}
