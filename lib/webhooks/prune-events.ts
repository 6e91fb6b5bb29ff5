import "server-only";
import { pool } from "@/lib/db/pool";
import { eventRetentionDays } from "@/lib/events/event-config";

/** The hourly job: events and delivery records older than EVENT_RETENTION_DAYS go. */
export async function pruneEvents(): Promise<void> {
  const cutoff = new Date(Date.now() - eventRetentionDays() * 86_400_000);
  await pool.query(`DELETE FROM "FeedEvent" WHERE "occurredAt" < $1`, [cutoff]);
  await pool.query(`DELETE FROM "WebhookDelivery" WHERE "createdAt" < $1 AND status <> 'pending'`, [cutoff]);
}
