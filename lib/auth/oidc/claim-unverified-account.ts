import "server-only";
import { userActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Tx } from "@/lib/db/run-transaction";
import { notifyKeyRevoked } from "@/lib/live/notify-key-revoked";
import { endAllSessions } from "@/lib/users/end-all-sessions";

/**
 * Inside the transaction that links a single sign-on identity to an account whose email nobody
 * ever proved (a password sign-up): whoever made the account may not be the email's owner, who has
 * just proved it. So every way in the maker kept ends: the password is cleared, every session ends
 * (the session epoch), every API key is revoked, and the audit log says so
 * (docs/SECURITY.md, "Single sign-on"). The email is verified from now on.
 */
export async function claimUnverifiedAccount(tx: Tx, userId: string): Promise<void> {
  const [user] = await tx.$queryRaw<{ email: string }[]>`
    UPDATE "User" SET "passwordHash" = NULL, "emailVerifiedAt" = now(), "updatedAt" = now()
    WHERE id = ${userId} AND "emailVerifiedAt" IS NULL RETURNING email`;
  if (!user) return; // verified meanwhile by a concurrent sign-in
  await endAllSessions(tx, userId);
  const revoked = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "ApiKey" SET "revokedAt" = now() WHERE "userId" = ${userId} AND "revokedAt" IS NULL RETURNING id`;
  for (const { id } of revoked) await notifyKeyRevoked(tx, id);
  await recordAuditEvent(tx, {
    workspace: { ofUserId: userId },
    action: "auth.account_claimed_by_sso",
    actor: userActor(userId),
    target: { type: "user", id: userId, name: user.email },
  });
}
