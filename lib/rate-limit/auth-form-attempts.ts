import type { Attempt } from "./attempt-limiter";
import { clientIp } from "./client-ip";
import { rateLimitConfig } from "./rate-limit-config";

/** A sign-in: its failures are charged to the client's address and to the email tried. */
export function signInAttempt(request: Request, email: string): Attempt {
  const config = rateLimitConfig();
  return {
    budgets: [
      { kind: "sign-in-ip", value: clientIp(request), limit: config.signInPerIp },
      { kind: "sign-in-email", value: email.trim().toLowerCase(), limit: config.signInPerEmail },
    ],
    windowMs: config.authFormWindowMs,
    message: "Too many sign-in attempts",
  };
}

/** A sign-up: every attempt is charged to the client's address and to the email. */
export function signUpAttempt(request: Request, email: string): Attempt {
  const config = rateLimitConfig();
  return {
    budgets: [
      { kind: "sign-up-ip", value: clientIp(request), limit: config.signUpPerIp },
      { kind: "sign-up-email", value: email.trim().toLowerCase(), limit: config.signUpPerEmail },
    ],
    windowMs: config.authFormWindowMs,
    message: "Too many sign-up attempts",
  };
}
