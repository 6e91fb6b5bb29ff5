import "server-only";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { recordAuditEvent } from "./record-audit-event";

/**
 * A refused password sign-in for an email that has an account, in that account's workspace log (an
 * unknown email belongs to no workspace and is only counted by the sign-in limits).
 */
export async function recordSignInFailure(email: string, ip?: string | null): Promise<void> {
  try {
    const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true } });
    if (!user) return;
    await recordAuditEvent(db, {
      workspace: { ofUserId: user.id },
      action: "auth.sign_in_failed",
      actor: { type: "anonymous", userId: null },
      target: { type: "user", id: user.id, name: user.email },
      ip,
    });
  } catch (error) {
    logger.warn({ err: error }, "could not record an audit log entry");
  }
}
