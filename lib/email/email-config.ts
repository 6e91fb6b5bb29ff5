import "server-only";
import { config } from "@/lib/config";

/**
 * Email is on when SMTP_URL and MAIL_FROM are both set (docs/CONFIGURATION.md): the notification
 * emails (docs/API.md, "Comments and notifications").
 */
export function emailEnabled(): boolean {
  const { SMTP_URL, MAIL_FROM } = config();
  return Boolean(SMTP_URL?.trim() && MAIL_FROM);
}

/** The absolute base of links in emails: AUTH_URL, else the local server. */
export function publicBaseUrl(): string {
  const { AUTH_URL, PORT } = config();
  return (AUTH_URL || `http://localhost:${PORT}`).replace(/\/+$/, "");
}

/** An email job fails up to this many times: graphile-worker's backoff (e^n seconds, at most e^10) puts the last attempt about 22 hours after the first. */
export const EMAIL_MAX_ATTEMPTS = 13;

/** `immediately`: one email for what arrived within this many seconds of the first notification. */
export const EMAIL_BATCH_SECONDS = 60;
