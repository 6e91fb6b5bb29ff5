import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/http/api-error";
import { notifyKeyRevoked } from "@/lib/live/notify-key-revoked";

/**
 * Revokes one of the user's keys. The revocation is a database write, and every key check
 * reads revokedAt, so every instance refuses the key on the very next request; event streams
 * already open with the key are ended too.
 */
export async function revokeApiKey(userId: string, apiKeyId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: apiKeyId, userId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (count === 0) throw new ApiError("NOT_FOUND", "No active API key with this id");
    await notifyKeyRevoked(tx, apiKeyId);
  });
}
