import pg from "pg";
import { expect } from "vitest";
import { databaseUrl } from "./helpers";

/**
 * Resolves once every transaction running at the call has ended. The feed (GET /api/events) shows
 * an event only once every transaction older than it has ended (lib/events/list-feed-events.ts),
 * and other test files' transactions run meanwhile: after this, it shows every event committed
 * before the call.
 */
export async function feedCaughtUp(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ next: string }>(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`);
    const passed = async () =>
      (await client.query<{ passed: boolean }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint >= $1::bigint AS passed`, [rows[0]!.next]))
        .rows[0]!.passed;
    await expect.poll(passed, { timeout: 60_000, interval: 50 }).toBe(true);
  } finally {
    await client.end();
  }
}
