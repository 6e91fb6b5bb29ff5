import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";

/**
 * Revokes one of the user's keys. The revocation is a database write, and every key check
 * reads revokedAt, so every instance refuses the key on the very next request.
 */
export async function revokeApiKey(userId: string, apiKeyId: string): Promise<void> {
  const { count } = await db.apiKey.updateMany({
    where: { id: apiKeyId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "No active API key with this id");
}
