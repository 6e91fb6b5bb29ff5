import "server-only";
import { pool } from "@/lib/db/pool";
import { runPgTransaction } from "@/lib/db/run-pg-transaction";
import { logger } from "@/lib/log/logger";
import { NOTIFICATION_COLUMNS_SQL, toNotification, type NotificationRow } from "./notification-row";
import { config } from "@/lib/config";
import { publicBaseUrl } from "@/lib/email/email-config";
import { mailTransport } from "@/lib/email/mail-transport";
import { createUnsubscribeToken } from "@/lib/email/unsubscribe-token";
import { composeNotificationEmail } from "./compose-notification-email";
import { snapReadableSql } from "@/lib/board-model/snap-readable-sql";

export interface EmailJobPayload {
  userId: string;
  kind: "immediately" | "daily";
}

/** Notifications older than this are not emailed any more (a server that was down for days, or email turned on later). */
export const PENDING_HOURS = 48;
/** One email lists at most this many; the rest are counted as sent with it (the inbox has them all). */
const MAX_PER_EMAIL = 50;

interface Recipient {
  email: string;
  emailNotifications: "immediately" | "daily" | "never";
  workspaceId: string | null;
}

/**
 * The email-send job: one email of the user's notifications not yet emailed nor read, of snaps they
 * can still read. The notifications are locked while it sends (SKIP LOCKED: a concurrent job of the
 * same user takes none of them) and marked emailed in the same transaction once the SMTP server
 * accepted the message; a failure rolls back and throws, so the job queue tries again with backoff
 * (about 22 hours in all, EMAIL_MAX_ATTEMPTS) and nothing is lost or sent twice. Only the user id,
 * the count and the SMTP codes are logged, never an address or a body.
 */
export async function sendNotificationEmail(payload: EmailJobPayload): Promise<void> {
  const {
    rows: [user],
  } = await pool.query<Recipient>(
    `SELECT u.email, u."emailNotifications"::text AS "emailNotifications", m."workspaceId"
     FROM "User" AS u LEFT JOIN "Membership" AS m ON m."userId" = u.id WHERE u.id = $1`,
    [payload.userId],
  );
  if (!user) return;
  if (user.emailNotifications === "never") {
    await pool.query(`UPDATE "Notification" SET "emailedAt" = now() WHERE "userId" = $1 AND "emailedAt" IS NULL`, [payload.userId]);
    return;
  }
  // The preference changed since the job was queued: the other kind's job (or digest) sends them.
  if (user.emailNotifications !== payload.kind) return;

  await runPgTransaction(async (client) => {
    const { rows } = await client.query<NotificationRow>(
      `SELECT ${NOTIFICATION_COLUMNS_SQL}
         FROM "Notification" AS n JOIN "Snap" AS s ON s.id = n."snapId" JOIN "Comment" AS c ON c.id = n."commentId"
         WHERE n."userId" = $1 AND n."emailedAt" IS NULL AND n."readAt" IS NULL
           AND n."createdAt" > now() - make_interval(hours => $2::int)
           AND ${snapReadableSql("s", "$1", "$3")}
         ORDER BY n."createdAt", n.id
         FOR UPDATE OF n SKIP LOCKED`,
      [payload.userId, PENDING_HOURS, user.workspaceId],
    );
    if (rows.length === 0) return;
    const base = publicBaseUrl();
    const unsubscribeUrl = `${base}/api/account/unsubscribe?token=${createUnsubscribeToken(payload.userId)}`;
    const email = composeNotificationEmail(rows.slice(-MAX_PER_EMAIL).map(toNotification), { base, kind: payload.kind });
    try {
      await (
        await mailTransport()
      ).sendMail({
        from: config().MAIL_FROM,
        to: user.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        // RFC 8058 one-click unsubscribe: mail clients POST "List-Unsubscribe=One-Click" to the URL.
        list: { unsubscribe: { url: unsubscribeUrl, comment: "Unsubscribe" } },
        headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      logger.warn({ component: "email", userId: payload.userId, notifications: rows.length, code, responseCode }, "email not sent; the job queue retries it");
      throw new Error(`SMTP send failed (${code ?? "error"} ${responseCode ?? ""})`.trim());
    }
    await client.query(`UPDATE "Notification" SET "emailedAt" = now() WHERE id = ANY($1::text[])`, [rows.map((row) => row.id)]);
    logger.info({ component: "email", userId: payload.userId, notifications: rows.length, kind: payload.kind }, "notification email sent");
  });
}
