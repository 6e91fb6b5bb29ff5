import "server-only";
import { userActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { hashPassword, verifyPassword } from "@/lib/users/passwords";
import { db } from "@/lib/db/client";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertAttemptAllowed, countAttempt, type Attempt } from "@/lib/rate-limit/attempt-limiter";
import { endAllSessions } from "./end-all-sessions";
import type { ChangePasswordInput } from "./schemas";

/**
 * Sets a new password after checking the current one (wrong guesses count against the sign-in
 * limits, like a sign-in), and ends every session of the user, this one included: whoever had
 * the old password may be signed in somewhere. An account made by single sign-on, which has no
 * password, may set one without a current password.
 */
export async function changePassword(userId: string, input: ChangePasswordInput, attempt: (email: string) => Attempt): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new ApiError("UNAUTHORIZED", "Sign in again");
  if (user.passwordHash !== null) {
    const limit = attempt(user.email);
    await assertAttemptAllowed(limit);
    if (!input.currentPassword || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
      await countAttempt(limit);
      throw new ApiError("BAD_REQUEST", "The current password is wrong", [{ path: "currentPassword", message: "Wrong password" }]);
    }
  }
  const passwordHash = await hashPassword(input.newPassword);
  await runTransaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true } });
    await endAllSessions(tx, userId);
    await recordAuditEvent(tx, {
      workspace: { ofUserId: userId },
      action: "auth.password_changed",
      actor: userActor(userId),
      target: { type: "user", id: userId, name: user.email },
    });
  });
}
