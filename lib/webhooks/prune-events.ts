import "server-only";
import { db } from "@/lib/db/client";
import { eventRetentionDays } from "@/lib/events/event-config";

/** The hourly job: events and delivery records older than EVENT_RETENTION_DAYS go. */
export async function pruneEvents(): Promise<void> {
  const cutoff = new Date(Date.now() - eventRetentionDays() * 86_400_000);
  await db.feedEvent.deleteMany({ where: { occurredAt: { lt: cutoff } } });
  await db.webhookDelivery.deleteMany({ where: { createdAt: { lt: cutoff }, status: { not: "pending" } } });
}
