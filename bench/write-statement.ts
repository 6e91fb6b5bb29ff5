/**
 * `npx tsx --conditions=react-server bench/write-statement.ts`: a card PATCH's statement against the
 * least statement with the same effects (docs/PERFORMANCE.md, "Single writes"), at one connection,
 * over pg with no HTTP and no framework. Both are prepared and run alternately on a fresh bench
 * database, each on a 100-card snap of its own (BENCH_ROUNDS rounds of BENCH_WRITES writes each,
 * after BENCH_WRITES unmeasured). The minimal one writes the card, the snap's version, the
 * SnapEvent, a history entry, the feed event and the NOTIFY; the app's adds what makes it the app's
 * (the caller's key, the access rule, If-Match, every field, history's snapshots and pruning, the
 * events' pruning, the webhook outbox). Prints each one's median per write and their ratio, and with
 * BENCH_EXPLAIN=1 the app statement's plan (EXPLAIN ANALYZE, BUFFERS) at an ordinary and at a
 * snapshot version.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { benchId, createBenchDatabase, seedFixtures } from "./database";
import { analyzeWrittenTables, seedWriteFixtures } from "./write-fixtures";
import { updateCardSql } from "../lib/cards/update-card-sql";
import { MINIMAL_CARD_UPDATE_SQL } from "./minimal-write-sql";
import { historyRetentionDays } from "../lib/history/history-config";

const WRITES = Number(process.env.BENCH_WRITES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

const APP = updateCardSql();

const database = await createBenchDatabase();
const client = new pg.Client({ connectionString: database.url });
try {
  const fixtures = await seedFixtures(database.url, "write-statement-secret-of-32-characters", 1);
  const { patchCards } = await seedWriteFixtures(database.url, fixtures, 0.1);
  await client.connect();
  // A deployment's Snap table, not the bench's few rows: the planner reads it by index then, as in production.
  await client.query(
    `INSERT INTO "Snap" (id, "userId", "workspaceId", title) SELECT 'other' || g, $1, $2, 'Other ' || g FROM generate_series(1, $3::int) AS g`,
    [benchId("user:colleague"), fixtures.workspaceId, Number(process.env.BENCH_OTHER_SNAPS ?? 20_000)],
  );
  await client.query(`VACUUM ANALYZE "Snap"`);
  const {
    rows: [key],
  } = await client.query<{ id: string; workspaceId: string; role: string }>(
    `SELECT k.id, m."workspaceId", m.role::text AS role FROM "ApiKey" AS k JOIN "Membership" AS m ON m."userId" = k."userId" WHERE k."userId" = $1 LIMIT 1`,
    [fixtures.userId],
  );
  const eventId = () => `evt_${randomBytes(16).toString("base64url")}`;
  const appCards = patchCards[0]!;
  const minimalCards = patchCards[1]!;

  const writeApp = (n: number, explain = "") =>
    client.query({
      name: explain ? undefined : "app",
      text: explain + APP.text,
      values: APP.bind({
        actorType: "apiKey",
        actorUserId: fixtures.userId,
        actorApiKeyId: key!.id,
        actorClientId: null,
        baseVersion: null,
        callerUserId: fixtures.userId,
        callerWorkspaceId: key!.workspaceId,
        callerRole: key!.role,
        eventId: eventId(),
        retentionDays: historyRetentionDays(),
        uncheckedKeyId: key!.id,
        cardId: appCards[n % appCards.length],
        fields: JSON.stringify({ title: `Task rev ${n}` }),
        fieldNames: ["title"],
        ifMatch: null,
      }),
    });
  const writeMinimal = (n: number) =>
    client.query({
      name: "minimal",
      text: MINIMAL_CARD_UPDATE_SQL,
      values: [minimalCards[n % minimalCards.length], `Task rev ${n}`, fixtures.userId, key!.id, eventId()],
    });

  // The server's own CPU for the connection (its backend process: the database is on this machine), in ms.
  const backendPid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
  const backendCpu = () => {
    const fields = readFileSync(`/proc/${backendPid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  };
  let written = 0;
  const cpu = { app: [] as number[], minimal: [] as number[] };
  const timed = async (write: (n: number) => Promise<pg.QueryResult>, cpuOf?: number[]): Promise<number> => {
    const started = process.hrtime.bigint();
    const cpuBefore = backendCpu();
    for (let index = 0; index < WRITES; index++) {
      const { rows } = await write(written++);
      if (rows.length !== 1) throw new Error("a write answered no row");
    }
    cpuOf?.push((backendCpu() - cpuBefore) / WRITES);
    return Number(process.hrtime.bigint() - started) / 1e6 / WRITES;
  };
  await timed(writeApp);
  await timed(writeMinimal);
  await analyzeWrittenTables(database.url);

  const app: number[] = [];
  const minimal: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so that neither always follows the other's autovacuum.
    if (round % 2 === 0) {
      app.push(await timed(writeApp, cpu.app));
      minimal.push(await timed(writeMinimal, cpu.minimal));
    } else {
      minimal.push(await timed(writeMinimal, cpu.minimal));
      app.push(await timed(writeApp, cpu.app));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratios = app.map((value, index) => value / minimal[index]!);
  console.log(`${ROUNDS} rounds of ${WRITES} writes each, one connection, prepared; ms per write (median of rounds, and the range)`);
  console.log(`  minimal statement: ${median(minimal).toFixed(3)} (${Math.min(...minimal).toFixed(3)}–${Math.max(...minimal).toFixed(3)})`);
  console.log(`  app statement:     ${median(app).toFixed(3)} (${Math.min(...app).toFixed(3)}–${Math.max(...app).toFixed(3)})`);
  console.log(`  app / minimal:     ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) (goal ≤ 1.3)`);
  const cpuRatios = cpu.app.map((value, index) => value / cpu.minimal[index]!);
  console.log(
    `  the server's CPU per write: minimal ${median(cpu.minimal).toFixed(3)}, app ${median(cpu.app).toFixed(3)}, app / minimal ${median(cpuRatios).toFixed(2)}`,
  );
  const { rows: plans } = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
    `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name`,
  );
  console.log(`  plans: ${plans.map((plan) => `${plan.name} ${plan.generic_plans} generic, ${plan.custom_plans} custom`).join("; ")}`);

  if (process.env.BENCH_EXPLAIN === "1") {
    const explain = async (label: string) => {
      const { rows } = await writeApp(written++, "EXPLAIN (ANALYZE, BUFFERS, TIMING) ");
      console.log(`\n${label}\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    };
    const version = async () =>
      (await client.query<{ version: number }>(`SELECT version FROM "Snap" WHERE id = (SELECT "snapId" FROM "Card" WHERE id = $1)`, [appCards[0]])).rows[0]!
        .version;
    // Run up to a version just past a multiple of 50 (an ordinary write), explain, then to the multiple.
    while ((await version()) % 50 !== 10) await writeApp(written++);
    await explain("An ordinary write:");
    while ((await version()) % 50 !== 49) await writeApp(written++);
    await explain("A write at a multiple of 50 (a snapshot and history's pruning):");
  }
} finally {
  await client.end().catch(() => {});
  await database.drop();
}
