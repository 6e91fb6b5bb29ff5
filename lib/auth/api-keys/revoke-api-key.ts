import "server-only";
import { userActor, type AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { notifyKeyRevoked } from "@/lib/live/notify-key-revoked";

/**
 * Revokes one of the user's keys. The revocation is a database write, and every key check
 * reads revokedAt, so every instance refuses the key on the very next request; event streams
 * already open with the key are ended too.
 */
export async function revokeApiKey(userId: string, apiKeyId: string, actor: AuditActor = userActor(userId)): Promise<void> {
  await runTransaction(async (tx) => {
    const [revoked] = await tx.$queryRaw<{ name: string }[]>`
      UPDATE "ApiKey" SET "revokedAt" = now() WHERE id = ${apiKeyId} AND "userId" = ${userId} AND "revokedAt" IS NULL RETURNING name`;
    if (!revoked) throw new ApiError("NOT_FOUND", "No active API key with this id");
    await notifyKeyRevoked(tx, apiKeyId);
    await recordAuditEvent(tx, {
      workspace: { ofUserId: userId },
      action: "apikey.revoked",
      actor,
      target: { type: "api_key", id: apiKeyId, name: revoked.name },
    });
  });
}
