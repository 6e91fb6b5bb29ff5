import "server-only";
import { prismaSql } from "@/lib/db/prisma-sql";
import sql from "sql-template-tag";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { getOwnWebhookOrThrow } from "./get-own-webhook-or-throw";
import { deliveryJobSql } from "./delivery-job-sql";

/**
 * POST /api/webhooks/:id/deliveries/:deliveryId/retry: one more attempt now, whatever the
 * delivery's state (a scheduled retry is moved, not doubled: one job key per delivery).
 */
export async function retryWebhookDelivery(userId: string, webhookId: string, deliveryId: string): Promise<void> {
  await getOwnWebhookOrThrow(userId, webhookId);
  await runTransaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, webhookId },
      data: { status: "pending", nextAttemptAt: new Date(), updatedAt: new Date() },
    });
    if (count === 0) throw new ApiError("NOT_FOUND", "Delivery not found");
    await tx.$queryRaw`SELECT (${prismaSql(deliveryJobSql(sql`${deliveryId}`, sql`now()`))}).id::text`;
  });
}
