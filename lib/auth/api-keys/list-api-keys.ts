import "server-only";
import { db } from "@/lib/db/client";
import { apiKeySummarySelect } from "./schemas";

/** The user's active keys, newest first. Revoked keys are gone for good, so they are not listed. */
export function listApiKeys(userId: string) {
  return db.apiKey.findMany({
    where: { userId, revokedAt: null },
    select: apiKeySummarySelect,
    orderBy: { createdAt: "desc" },
  });
}
