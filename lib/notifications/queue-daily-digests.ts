import "server-only";
import { pool } from "@/lib/db/pool";
import { EMAIL_MAX_ATTEMPTS } from "@/lib/email/email-config";
import { EMAIL_SEND_TASK } from "@/lib/email/email-task-names";
import { PENDING_HOURS } from "./send-notification-email";

/**
 * The daily digest (08:00 UTC, the job queue's crontab): one email-send job per user who chose
 * `daily` and has notifications waiting, under the user's email job key.
 */
export async function queueDailyDigests(): Promise<number> {
  const result = await pool.query(
    `SELECT graphile_worker.add_job($1::text, json_build_object('userId', u.id, 'kind', 'daily'), job_key := 'email:' || u.id,
       job_key_mode := 'replace', max_attempts := $2::int)
     FROM "User" AS u
     WHERE u."emailNotifications" = 'daily' AND EXISTS (
       SELECT 1 FROM "Notification" AS n WHERE n."userId" = u.id AND n."emailedAt" IS NULL AND n."readAt" IS NULL
         AND n."createdAt" > now() - make_interval(hours => $3::int))`,
    [EMAIL_SEND_TASK, EMAIL_MAX_ATTEMPTS, PENDING_HOURS],
  );
  return result.rowCount ?? 0;
}
