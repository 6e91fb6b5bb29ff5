/**
 * `npx tsx --conditions=react-server bench/fan-out-batch.ts`: the app's CPU for one webhook fan-out
 * batch, in process (docs/PERFORMANCE.md, "Design decisions"): on a fresh bench
 * database, one webhook to a receiver on loopback (a process of its own), BENCH_EVENTS (default
 * 1, 10) events of 100 cards put in the outbox, then `fanOutEvents` run as the job would run it;
 * BENCH_ROUNDS (default 40) rounds per size, the first 10 not counted. What a batch costs whatever
 * its size (queries, the job) against what each event adds (the signed POST, its body) is what
 * decides how long the fan-out trigger waits between batches (lib/webhooks/fan-out-trigger.ts).
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { runMigrations } from "graphile-worker";
import pg from "pg";
import { createBenchDatabase, seedFixtures } from "./database";

const SIZES = (process.env.BENCH_EVENTS ?? "1,10").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WARMUP_ROUNDS = 10;

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const database = await createBenchDatabase();
  const authSecret = randomBytes(32).toString("base64url");
  await seedFixtures(database.url, authSecret, 1);
  await runMigrations({ connectionString: database.url });
  Object.assign(process.env, { DATABASE_URL: database.url, AUTH_SECRET: authSecret, WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
  // The app's modules read their environment when loaded: imported only now.
  const { encryptWebhookSecret, generateWebhookSecret } = await import("../lib/webhooks/webhook-secret");
  const { fanOutEvents } = await import("../lib/webhooks/fan-out-events");
  const { db } = await import("../lib/db/client");
  const receiver = fork(new URL("./webhook-receiver.ts", import.meta.url).pathname, { execArgv: ["--import", "tsx"] });
  const [{ port }] = (await once(receiver, "message")) as [{ port: number }];
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ userId: string; snapId: string }>(`SELECT s."userId", s.id AS "snapId" FROM "Snap" AS s ORDER BY s.id LIMIT 1`);
    const { userId, snapId } = rows[0]!;
    await sql.query(
      `INSERT INTO "Webhook" (id, "userId", url, events, "secretCiphertext", enabled, "createdAt", "updatedAt")
       VALUES ('bench-webhook', $1, $2, '{*}', $3, true, now(), now())`,
      [userId, `http://127.0.0.1:${port}/hook`, encryptWebhookSecret(generateWebhookSecret())],
    );
    const data = JSON.stringify({
      cards: Array.from({ length: 100 }, (_, i) => ({ id: `card${i}`, snapId, title: `Card title number ${i}`, note: "n".repeat(200), row: i, col: 3 })),
    });
    // The job's addJob is called only when the outbox holds more than ten batches: never here.
    const addJob = (() => Promise.reject(new Error("not expected"))) as unknown as Parameters<typeof fanOutEvents>[1];

    console.log(`One webhook, events of ${Buffer.byteLength(data)} bytes of cards; app CPU of a fan-out batch, median of ${ROUNDS - WARMUP_ROUNDS} rounds`);
    for (const size of SIZES) {
      const cpuMs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await sql.query(
          `WITH events AS (
             INSERT INTO "FeedEvent" (id, type, "snapId", "snapVersion", "actorType", "actorUserId", data)
             SELECT 'evt_' || md5(random()::text), 'cards.updated', $1, 1, 'user', $2, $3::json FROM generate_series(1, $4)
             RETURNING seq
           ) INSERT INTO "WebhookOutbox" (seq) SELECT seq FROM events`,
          [snapId, userId, data, size],
        );
        const before = process.cpuUsage();
        await fanOutEvents({}, addJob);
        const spent = process.cpuUsage(before);
        if (round >= WARMUP_ROUNDS) cpuMs.push((spent.user + spent.system) / 1000);
      }
      const batch = median(cpuMs);
      console.log(`   ${`${size} event${size === 1 ? "" : "s"}:`.padEnd(11)} ${batch.toFixed(2)} ms a batch, ${(batch / size).toFixed(2)} ms an event`);
    }
  } finally {
    await sql.end();
    receiver.disconnect();
    await db.$disconnect();
    await database.drop();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
