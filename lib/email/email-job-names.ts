import { Prisma } from "@/lib/db/generated/client";
import { EMAIL_BATCH_SECONDS, EMAIL_MAX_ATTEMPTS } from "./email-config";
import { EMAIL_SEND_TASK } from "./email-task-names";

/**
 * SQL queuing one user's email of the coming minute, inside the write's transaction: one job key
 * per user, and `preserve_run_at`, so every notification of that minute joins the first one's job.
 */
export function immediateEmailJobsSql(userIds: readonly string[]): Prisma.Sql {
  return Prisma.sql`SELECT graphile_worker.add_job(${EMAIL_SEND_TASK}::text, json_build_object('userId', u.id, 'kind', 'immediately'),
      run_at := now() + make_interval(secs => ${EMAIL_BATCH_SECONDS}::int), job_key := 'email:' || u.id, job_key_mode := 'preserve_run_at',
      max_attempts := ${EMAIL_MAX_ATTEMPTS}::int)
    FROM "User" AS u WHERE u.id = ANY(${userIds}::text[]) AND u."emailNotifications" = 'immediately'`;
}
