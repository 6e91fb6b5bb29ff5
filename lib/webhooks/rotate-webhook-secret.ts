import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { encryptWebhookSecret, generateWebhookSecret } from "./webhook-secret";

/** POST /api/webhooks/:id/rotate-secret: the old secret stops signing at once; the new one is shown once. */
export async function rotateWebhookSecret(userId: string, webhookId: string): Promise<string> {
  const secret = generateWebhookSecret();
  const { count } = await db.webhook.updateMany({
    where: { id: webhookId, userId },
    data: { secretCiphertext: encryptWebhookSecret(secret), updatedAt: new Date() },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "Webhook not found");
  return secret;
}
