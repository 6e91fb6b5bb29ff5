import "server-only";
import { userActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { endAllSessions } from "./end-all-sessions";

/** "Sign out everywhere": every session of the user ends, this one included; API keys are not touched. */
export async function signOutEverywhere(userId: string): Promise<void> {
  await runTransaction(async (tx) => {
    await endAllSessions(tx, userId);
    await recordAuditEvent(tx, {
      workspace: { ofUserId: userId },
      action: "auth.signed_out_everywhere",
      actor: userActor(userId),
      target: { type: "user", id: userId },
    });
  });
}
