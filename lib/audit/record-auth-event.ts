import "server-only";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { userActor } from "./audit-actor";
import type { AuditAction } from "./audit-schemas";
import { recordAuditEvent } from "./record-audit-event";

type AuthAction = Extract<AuditAction, "auth.signed_in" | "auth.signed_out" | "auth.signed_out_everywhere" | "auth.password_changed">;

/**
 * An entry for something a user did to their own session, in their workspace's log. Not part of
 * any write, so a failure to record is logged and the sign-in or sign-out still goes ahead.
 */
export async function recordAuthEvent(action: AuthAction, userId: string, ip?: string | null): Promise<void> {
  try {
    const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
    await recordAuditEvent(db, {
      workspace: { ofUserId: userId },
      action,
      actor: userActor(userId),
      target: { type: "user", id: userId, name: user?.email ?? null },
      ip,
    });
  } catch (error) {
    logger.warn({ err: error, action }, "could not record an audit log entry");
  }
}
