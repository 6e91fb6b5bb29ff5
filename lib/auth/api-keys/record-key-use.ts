import "server-only";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";

/** A key's "Last used", which may lag by up to a minute (docs/API.md, "API keys"). */
const WRITE_INTERVAL_MS = 60_000;
const lastWrittenAt = new Map<string, number>();

/**
 * Updates lastUsedAt at most once a minute per key, without making the request wait for it.
 */
export function recordKeyUse(apiKeyId: string, storedLastUsedAt: Date | null): void {
  const now = Date.now();
  const last = Math.max(lastWrittenAt.get(apiKeyId) ?? 0, storedLastUsedAt?.getTime() ?? 0);
  if (now - last < WRITE_INTERVAL_MS) return;
  lastWrittenAt.set(apiKeyId, now);
  db.apiKey
    .update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date(now) }, select: { id: true } })
    .catch((error: unknown) => logger.warn({ err: error, apiKeyId }, "could not record an API key's last use"));
}
