import "server-only";
import { queryRows } from "@/lib/db/query-rows";
import { logger } from "@/lib/log/logger";
import type { CounterStore, WindowCount } from "./counter-store";

/** Expired rows are deleted now and then by whichever instance notices first. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Counters in the UNLOGGED table "RateLimitCounter": one upsert per call, on the pool. Unlogged
 * means no WAL and no replica copy, which suits counters: a crash empties them, which only
 * forgives some requests.
 */
export class PostgresCounterStore implements CounterStore {
  private lastSweepAt = Date.now();

  async add(key: string, amount: number, windowMs: number): Promise<WindowCount> {
    this.sweepNowAndThen();
    const rows = await queryRows<{ count: number; resetInMs: number }>(
      `INSERT INTO "RateLimitCounter" AS c (key, count, "expiresAt")
       VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c."expiresAt" <= now() THEN EXCLUDED.count ELSE c.count + EXCLUDED.count END,
         "expiresAt" = CASE WHEN c."expiresAt" <= now() THEN EXCLUDED."expiresAt" ELSE c."expiresAt" END
       RETURNING c.count, ceil(extract(epoch FROM c."expiresAt" - now()) * 1000)::int AS "resetInMs"`,
      [key, amount, windowMs],
    );
    const row = rows[0];
    if (!row) throw new Error("the rate-limit upsert returned no row");
    return row;
  }

  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweepAt < SWEEP_EVERY_MS) return;
    this.lastSweepAt = Date.now();
    queryRows(`DELETE FROM "RateLimitCounter" WHERE "expiresAt" < now()`, []).catch((error: unknown) =>
      logger.warn({ err: error }, "rate-limit counter sweep failed"),
    );
  }
}
