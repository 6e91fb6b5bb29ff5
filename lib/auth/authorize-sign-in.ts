import "server-only";
import { CredentialsSignin } from "next-auth";
import { recordAuthEvent } from "@/lib/audit/record-auth-event";
import { recordSignInFailure } from "@/lib/audit/record-sign-in-failure";
import { ApiError } from "@/lib/errors/api-error";
import { assertAttemptAllowed, countAttempt } from "@/lib/rate-limit/attempt-limiter";
import { signInAttempt } from "@/lib/rate-limit/auth-form-attempts";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { verifyCredentials } from "@/lib/users/verify-credentials";

/** Auth.js puts `code` in the sign-in answer; the form shows a throttling message for it. */
export class SignInThrottled extends CredentialsSignin {
  override code = "rate_limited";
}

/**
 * The Credentials provider's authorize: the user for an email and password, or null. Failures are
 * limited per client address and per email; while either is spent, not even bcrypt runs.
 */
export async function authorizeSignIn(credentials: Partial<Record<string, unknown>>, request: Request) {
  const email = typeof credentials.email === "string" ? credentials.email : "";
  const attempt = signInAttempt(request, email);
  try {
    await assertAttemptAllowed(attempt);
    const user = await verifyCredentials(credentials);
    if (!user) {
      await countAttempt(attempt);
      await recordSignInFailure(email, clientIp(request));
    } else {
      await recordAuthEvent("auth.signed_in", user.id, clientIp(request));
    }
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.code === "RATE_LIMITED") throw new SignInThrottled();
    throw error;
  }
}
