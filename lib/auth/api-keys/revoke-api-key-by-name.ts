import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { revokeApiKey } from "./revoke-api-key";
import { apiKeyNameSchema, apiKeySummarySelect } from "./schemas";

/**
 * Revokes the user's one active key with this name (names are labels, not unique): NOT_FOUND when
 * there is none, CONFLICT when several active keys share the name, since guessing which one the
 * caller means could cut off the wrong integration. Returns the revoked key's summary.
 */
export async function revokeApiKeyByName(userId: string, name: unknown) {
  const keyName = apiKeyNameSchema.parse(name);
  const matches = await db.apiKey.findMany({
    where: { userId, name: keyName, revokedAt: null },
    select: apiKeySummarySelect,
    orderBy: { createdAt: "asc" },
  });
  const [key] = matches;
  if (!key) {
    throw new ApiError("NOT_FOUND", `No active API key named "${keyName}"`, [{ path: "name", message: "No such active key" }]);
  }
  if (matches.length > 1) {
    const prefixes = matches.map((match) => match.prefix).join(", ");
    throw new ApiError("CONFLICT", `${matches.length} active API keys are named "${keyName}" (prefixes ${prefixes}); refusing to guess which one to revoke`, [
      { path: "name", message: "Name is ambiguous" },
    ]);
  }
  // Revokes by id, only if still active: a concurrent revocation makes this a NOT_FOUND.
  await revokeApiKey(userId, key.id);
  return key;
}
