import "server-only";
import bcrypt from "bcrypt";
import { userActor, type AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { passwordBcryptCost } from "@/lib/users/passwords";
import { MAX_ACTIVE_API_KEYS } from "@/lib/validation/per-user-limits";
import { displayPrefix, generateApiKeySecret } from "./key-format";
import { apiKeySummarySelect, createApiKeyInputSchema } from "./schemas";

/** Keys carry 288 random bits, so bcrypt's cost guards a leaked hash table, not guessing: one less than passwords'. */
const keyBcryptCost = () => Math.max(4, passwordBcryptCost() - 1);

/**
 * Creates a key for the user and returns its secret, the only time it exists in plaintext.
 * The user row is locked so that two concurrent requests cannot both pass the 10-key limit.
 */
export async function createApiKey(userId: string, input: unknown, actor: AuditActor = userActor(userId)) {
  const { name, access } = createApiKeyInputSchema.parse(input);
  const secret = generateApiKeySecret();
  const keyHash = await bcrypt.hash(secret, keyBcryptCost());

  const apiKey = await runTransaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const active = await tx.apiKey.count({ where: { userId, revokedAt: null } });
    if (active >= MAX_ACTIVE_API_KEYS) {
      throw new ApiError("CONFLICT", `You already have ${MAX_ACTIVE_API_KEYS} active API keys, the most allowed. Revoke one to generate another.`);
    }
    const created = await tx.apiKey.create({
      data: { userId, name, prefix: displayPrefix(secret), keyHash, access },
      select: apiKeySummarySelect,
    });
    await recordAuditEvent(tx, {
      workspace: { ofUserId: userId },
      action: "apikey.created",
      actor,
      target: { type: "api_key", id: created.id, name: `${created.name} (${created.access})` },
    });
    return created;
  });
  return { apiKey, secret };
}
