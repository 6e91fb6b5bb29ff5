/**
 * What history costs the write path (docs/PERFORMANCE.md, "Design decisions"): scenario d's 100-card batch
 * PATCH (title, completed and color of every card of a 10×10 snap) called in-process on a fresh
 * database, in two variants interleaved round by round in the same run, so the machine's noise
 * falls on both alike:
 *   without: the write path as it was before history (lock the cards, one UPDATE, recordSnapChanges);
 *   with:    updateCardsBatch itself (the same, plus recordSnapHistory's one statement).
 * No HTTP and no framework: the ratio is an upper bound for the API request, whose other costs
 * (authentication, parsing, the answer) history does not touch. Then the history rows' sizes as
 * PostgreSQL stores them (TOAST compresses large values): bytes per version.
 *
 *   npx tsx --conditions=react-server bench/history-overhead.ts        HISTORY_BENCH_ROUNDS (default 10), HISTORY_BENCH_CALLS per round and variant (default 40)
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Principal } from "../lib/request/principal";
import { createBenchDatabase, seedFixtures } from "./database";

const ROUNDS = Number(process.env.HISTORY_BENCH_ROUNDS ?? 10);
const CALLS = Number(process.env.HISTORY_BENCH_CALLS ?? 40);

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function main() {
  const database = await createBenchDatabase();
  process.env.DATABASE_URL = database.url; // lib/db/client reads it when first imported
  try {
    const fixtures = await seedFixtures(database.url, randomBytes(32).toString("base64url"), 2);
    const { runTransaction } = await import("../lib/db/run-transaction");
    const { lockCards } = await import("../lib/cards/lock-cards");
    const { applyCardUpdates } = await import("../lib/cards/apply-card-updates");
    const { recordSnapChanges } = await import("../lib/live/record-snap-changes");
    const { cardChangesBySnap } = await import("../lib/live/snap-change");
    const { actorOf } = await import("../lib/live/write-actor");
    const { updateCardsBatch } = await import("../lib/cards/update-cards-batch");
    const { db } = await import("../lib/db/client");

    const principal: Principal = { userId: fixtures.userId, workspaceId: fixtures.workspaceId, role: "admin", via: "apiKey", apiKeyId: "bench-key" };
    const [plain, recorded] = fixtures.patchSnaps;
    if (!plain || !recorded) throw new Error("two patch snaps expected");
    const body = (cardIds: string[], n: number) =>
      cardIds.map((id, index) => ({ id, title: `Task ${index} rev ${n}`, completed: (n + index) % 2 === 0, color: n % 2 ? "#bfdbfe" : "" }));

    const withoutHistory = (n: number) =>
      runTransaction(async (tx) => {
        const updates = body(plain.cardIds, n);
        await lockCards(tx, plain.cardIds, "update");
        const updated = await applyCardUpdates(tx, updates);
        await recordSnapChanges(tx, actorOf(principal), cardChangesBySnap(updated, updates));
      });
    const withHistory = (n: number) => updateCardsBatch(principal, body(recorded.cardIds, n));

    const times = { without: [] as number[], with: [] as number[] };
    const ratios: number[] = [];
    let n = 0;
    for (let i = 0; i < 30; i += 1) {
      await withoutHistory(n);
      await withHistory(n++);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      const slice = { without: [] as number[], with: [] as number[] };
      // Alternating the order each round: neither variant always runs on a warmer cache.
      const order = round % 2 ? (["with", "without"] as const) : (["without", "with"] as const);
      for (const variant of order) {
        for (let call = 0; call < CALLS; call += 1) {
          const started = performance.now();
          await (variant === "with" ? withHistory : withoutHistory)(n++);
          slice[variant].push(performance.now() - started);
        }
      }
      times.without.push(...slice.without);
      times.with.push(...slice.with);
      ratios.push(median(slice.with) / median(slice.without));
      console.error(`[history bench] round ${round + 1}: without ${median(slice.without).toFixed(2)} ms, with ${median(slice.with).toFixed(2)} ms`);
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT count(*)::int AS versions, count(snapshot)::int AS snapshots,
              avg(pg_column_size(change))::int AS "changeBytes", avg(octet_length(change::text))::int AS "changeTextBytes",
              coalesce(avg(pg_column_size(snapshot)) FILTER (WHERE snapshot IS NOT NULL), 0)::int AS "snapshotBytes",
              coalesce(avg(octet_length(snapshot::text)) FILTER (WHERE snapshot IS NOT NULL), 0)::int AS "snapshotTextBytes"
       FROM "SnapHistory" WHERE "snapId" = $1`,
      [recorded.snapId],
    );
    const [sizes] = await client
      .query(`SELECT pg_total_relation_size('"SnapHistory"')::bigint AS "tableBytes", count(*)::int AS rows FROM "SnapHistory"`)
      .then((r) => r.rows);
    await client.end();
    await db.$disconnect();

    const result = {
      calls: { perVariant: times.with.length, rounds: ROUNDS },
      medianMs: { without: +median(times.without).toFixed(2), with: +median(times.with).toFixed(2) },
      overhead: +(median(ratios) - 1).toFixed(3),
      addedMs: +(median(times.with) - median(times.without)).toFixed(2),
      perVersion: {
        ...rows[0],
        snapshotEvery: 50,
        storedBytesPerVersion: Math.round(rows[0].changeBytes + rows[0].snapshotBytes / 50),
        tableBytesPerRow: Math.round(Number(sizes.tableBytes) / sizes.rows),
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
