import sql, { type Sql } from "sql-template-tag";
import { DELIVER_TASK, JOB_MAX_ATTEMPTS } from "./job-names";

/**
 * SQL that queues (or moves) the delivery job of one delivery, inside the caller's transaction.
 * One job key per delivery: queuing again replaces a scheduled retry instead of adding a second job.
 */
export function deliveryJobSql(deliveryId: Sql, runAt: Sql): Sql {
  return sql`graphile_worker.add_job(${DELIVER_TASK}::text, json_build_object('deliveryId', (${deliveryId})::text), run_at := (${runAt})::timestamptz,
    job_key := 'webhook-delivery:' || (${deliveryId})::text, max_attempts := ${JOB_MAX_ATTEMPTS}::int)`;
}
