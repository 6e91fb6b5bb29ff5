/**
 * What the event feed costs the write path (docs/PERFORMANCE.md, "Design decisions"):
 * scenario d's 100-card batch PATCH (title and completed of every card of a 10×10 snap) called
 * in-process on a fresh database, one connection, in variants run round robin in the same run
 * (the order rotating each call), so the machine's noise falls on all alike:
 *   withoutFeed:   the write as it would be without the feed (lock the cards, one UPDATE,
 *                  recordSnapChanges with history's rider);
 *   ownStatement:  the same, then the feed rows in a statement of their own (the earlier design);
 *   idsOnly:       the feed rows riding in recordSnapChanges' statement, but with card ids only:
 *                  what the whole cards cost beyond the row itself;
 *   shipped:       updateCardsBatch itself (the feed rows ride in recordSnapChanges' statement).
 * Each variant writes its own snap. No webhook is enabled (a write then queues no job). No HTTP:
 * the ratio is an upper bound for the API request. Then the feed rows' stored size.
 *
 *   npx tsx --conditions=react-server bench/feed-overhead.ts        FEED_BENCH_CALLS per variant (default 400)
 */
import { randomBytes } from "node:crypto";
import { runMigrations } from "graphile-worker";
import pg from "pg";
import type { Principal } from "../lib/request/principal";
import { createBenchDatabase, seedFixtures } from "./database";

const CALLS = Number(process.env.FEED_BENCH_CALLS ?? 400);
const VARIANTS = ["withoutFeed", "ownStatement", "idsOnly", "shipped"] as const;
type Variant = (typeof VARIANTS)[number];

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const database = await createBenchDatabase();
  process.env.DATABASE_URL = database.url; // lib/db/client reads it when first imported
  process.env.DATABASE_POOL_SIZE = "1";
  try {
    const fixtures = await seedFixtures(database.url, randomBytes(32).toString("base64url"), VARIANTS.length);
    await runMigrations({ connectionString: database.url }); // the job queue's schema, which the feed's statement names
    if (process.env.FEED_BENCH_SQL) {
      const setup = new pg.Client({ connectionString: database.url });
      await setup.connect();
      await setup.query(process.env.FEED_BENCH_SQL);
      await setup.end();
    }
    const { runTransaction } = await import("../lib/db/run-transaction");
    const { lockCards } = await import("../lib/cards/lock-cards");
    const { applyCardUpdates } = await import("../lib/cards/apply-card-updates");
    const { recordSnapChanges } = await import("../lib/live/record-snap-changes");
    const { cardChangesBySnap } = await import("../lib/live/snap-change");
    const { snapHistory } = await import("../lib/history/record-snap-history");
    const { feedEvents, recordFeedEvents } = await import("../lib/events/record-feed-events");
    const { cardEvents } = await import("../lib/events/feed-event-inputs");
    const { actorOf } = await import("../lib/live/write-actor");
    const { updateCardsBatch } = await import("../lib/cards/update-cards-batch");
    const { db } = await import("../lib/db/client");

    const principal: Principal = { userId: fixtures.userId, workspaceId: fixtures.workspaceId, role: "admin", via: "apiKey", apiKeyId: "bench-key" };
    const actor = actorOf(principal);
    const snapOf = new Map(VARIANTS.map((variant, index) => [variant, fixtures.patchSnaps[index]!]));
    const body = (cardIds: string[], n: number) => cardIds.map((id, index) => ({ id, title: `Task ${index} rev ${n}`, completed: (n + index) % 2 === 0 }));
    const write = (variant: Variant, n: number) => {
      const updates = body(snapOf.get(variant)!.cardIds, n);
      if (variant === "shipped") return updateCardsBatch(principal, updates);
      return runTransaction(async (tx) => {
        await lockCards(tx, snapOf.get(variant)!.cardIds, "update");
        const updated = await applyCardUpdates(tx, updates);
        const idsOnly = variant === "idsOnly" ? [feedEvents(cardEvents("cards.updated", updated).map((event) => ({ ...event, data: event.idsOnly() })))] : [];
        await recordSnapChanges(tx, actor, cardChangesBySnap(updated, updates), [snapHistory({ cards: updated }), ...idsOnly]);
        if (variant === "ownStatement") await recordFeedEvents(tx, actor, cardEvents("cards.updated", updated));
      });
    };

    const times = new Map<Variant, number[]>(VARIANTS.map((variant) => [variant, []]));
    let n = 0;
    for (let i = 0; i < 30; i++) for (const variant of VARIANTS) await write(variant, n++);
    for (let i = 0; i < CALLS; i++) {
      for (let k = 0; k < VARIANTS.length; k++) {
        const variant = VARIANTS[(i + k) % VARIANTS.length]!;
        const started = performance.now();
        await write(variant, n++);
        times.get(variant)!.push(performance.now() - started);
      }
      if ((i + 1) % 100 === 0) console.error(`[feed bench] ${i + 1}/${CALLS}`);
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT count(*)::int AS rows, avg(pg_column_size(data))::int AS "storedBytes", avg(octet_length(data::text))::int AS "textBytes" FROM "FeedEvent"`,
    );
    await client.end();
    await db.$disconnect();

    const base = median(times.get("withoutFeed")!);
    const result = {
      callsPerVariant: CALLS,
      medianMs: Object.fromEntries(VARIANTS.map((variant) => [variant, +median(times.get(variant)!).toFixed(2)])),
      ratioToWithoutFeed: Object.fromEntries(VARIANTS.map((variant) => [variant, +(median(times.get(variant)!) / base).toFixed(3)])),
      feedRows: rows[0],
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
