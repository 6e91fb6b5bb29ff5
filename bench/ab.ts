/**
 * Before/after on a busy machine: starts one app server per variant (another checkout, node flags,
 * environment) on one seeded database and drives them in turn, in short interleaved slices, so
 * that whatever else the machine does falls on every variant alike. Prints per-variant medians and
 * the median of the per-round ratios to the first variant.
 *
 *   npx tsx bench/ab.ts <scenario a|b|c|d|e|f> <variant> <variant> ...
 *   variant: name[,cwd=/path/to/checkout][,flags=--flag1 --flag2][,env=NAME=value;NAME=value]
 *   (in env values, $DATABASE_URL stands for the bench database's URL)
 * BENCH_ROUNDS (default 6) rounds of BENCH_SLICE seconds (default 4) per variant; each checkout
 * must already be built into its NEXT_DIST_DIR (default .next-bench), e.g. by `npm run bench`.
 */
import { randomBytes } from "node:crypto";
import { createBenchDatabase, seedFixtures, seedListingSnaps } from "./database";
import { type DatabaseCpuMeter, databaseCpuMeter } from "./database-cpu";
import { load, type LoadResult } from "./load";
import { scenarioRequests } from "./scenarios";
import { memoryMb, type RunningServer, startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next-bench";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SLICE = Number(process.env.BENCH_SLICE ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Variant {
  name: string;
  cwd: string;
  flags: string[];
  env: Record<string, string>;
}

function parseVariant(spec: string): Variant {
  const [name = spec, ...parts] = spec.split(",");
  const variant: Variant = { name, cwd: process.cwd(), flags: [], env: {} };
  for (const part of parts) {
    const [key, ...rest] = part.split("=");
    const value = rest.join("=");
    if (key === "cwd") variant.cwd = value;
    else if (key === "flags") variant.flags = value.split(" ").filter(Boolean);
    else if (key === "env") for (const pair of value.split(";")) variant.env[pair.split("=")[0]!] = pair.split("=").slice(1).join("=");
    else throw new Error(`unknown variant option ${key}`);
  }
  return variant;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const [scenario, ...specs] = process.argv.slice(2);
  if (!scenario || !"abcdef".includes(scenario) || specs.length < 2) throw new Error("usage: tsx bench/ab.ts <a|b|c|d|e|f> <variant> <variant> ...");
  const variants = specs.map(parseVariant);
  const database = await createBenchDatabase();
  const servers: RunningServer[] = [];
  let databaseCpu: DatabaseCpuMeter | undefined;
  try {
    const authSecret = randomBytes(32).toString("base64url");
    const fixtures = await seedFixtures(database.url, authSecret, CONNECTIONS);
    // f needs the listing's snaps; any scenario can have them (BENCH_SNAPS), so writes meet tables of a real size.
    if (scenario === "f" || process.env.BENCH_SNAPS) await seedListingSnaps(database.url, fixtures, Number(process.env.BENCH_SNAPS ?? 100_000));
    for (const variant of variants) {
      // A variant's environment may name the bench database as $DATABASE_URL (e.g. to add ?host=<socket dir>).
      const variantEnv = Object.fromEntries(Object.entries(variant.env).map(([name, value]) => [name, value.replaceAll("$DATABASE_URL", database.url)]));
      const env = { DATABASE_URL: database.url, AUTH_SECRET: authSecret, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10", ...variantEnv };
      servers.push(await startApp(env, variant.flags, variant.cwd));
    }
    databaseCpu = await databaseCpuMeter(database.url);
    const results: LoadResult[][] = variants.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order, so neither variant always runs right after the other.
      const order = variants.map((_, index) => index);
      if (round % 2) order.reverse();
      for (const index of order) {
        const { request } = scenarioRequests(fixtures, servers[index]!.baseUrl)[scenario as "a"];
        results[index]!.push(
          await load({ ...request, connections: CONNECTIONS, warmupSeconds: round === 0 ? 2 : 0, seconds: SLICE, serverPid: servers[index]!.pid, databaseCpu }),
        );
      }
      console.error(`[ab] round ${round + 1}/${ROUNDS}: ${variants.map((v, i) => `${v.name} ${Math.round(results[i]!.at(-1)!.reqPerSec)} req/s`).join(", ")}`);
    }
    console.log(`\nscenario ${scenario}, ${ROUNDS} rounds × ${SLICE} s per variant, ${CONNECTIONS} connections (medians over rounds)`);
    const peaks = servers.map((server) => memoryMb(server.pid)?.peak ?? NaN);
    console.log(
      "variant".padEnd(16) +
        "req/s".padStart(8) +
        "p50 ms".padStart(8) +
        "p99 ms".padStart(8) +
        "cpu ms/req".padStart(12) +
        "db cpu ms/req".padStart(15) +
        "  req/s ÷ first".padStart(16) +
        "  cpu ÷ first".padStart(14) +
        "peak RSS MB".padStart(13),
    );
    variants.forEach((variant, index) => {
      const rows = results[index]!;
      const ratio = (pick: (r: LoadResult) => number) => median(rows.map((row, round) => pick(row) / pick(results[0]![round]!))).toFixed(2);
      console.log(
        variant.name.padEnd(16) +
          Math.round(median(rows.map((r) => r.reqPerSec)))
            .toString()
            .padStart(8) +
          median(rows.map((r) => r.p50))
            .toString()
            .padStart(8) +
          median(rows.map((r) => r.p99))
            .toString()
            .padStart(8) +
          median(rows.map((r) => r.cpuMsPerReq))
            .toFixed(2)
            .padStart(12) +
          median(rows.map((r) => r.dbCpuMsPerReq ?? NaN))
            .toFixed(2)
            .padStart(15) +
          ratio((r) => r.reqPerSec).padStart(16) +
          ratio((r) => r.cpuMsPerReq).padStart(14) +
          peaks[index]!.toFixed(0).padStart(13),
      );
    });
    if (results.flat().some((r) => r.non2xx || r.errors)) throw new Error("some requests failed");
  } finally {
    await databaseCpu?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
