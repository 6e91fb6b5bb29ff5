/**
 * Export, import and duplicate of a 100 × 100 board with 500 lines, and the PNG of a 20 × 20
 * board, against the production build (`next start`) on a fresh database, each timed end to end
 * over loopback HTTP: `TRANSFER_RUNS` (default 7) runs each, median and slowest. The baseline,
 * measured in the same run, is GET /api/snaps/:id of the same 100 × 100 board (the API's existing
 * read of 10,000 cards), so a noisy machine moves both.
 *
 *   npx tsx bench/transfer.ts        (NEXT_DIST_DIR: the build to start, default .next)
 *
 * Before/after: TRANSFER_BASE_CWD=<another checkout, built> starts that checkout's build too, on the
 * same database, and every operation alternates between the two servers run by run (the order
 * swapping each run), so a busy moment of the machine falls on both alike.
 */
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { createBenchDatabase, seedFixtures } from "./database";
import { boardDocument } from "./board-document";
import { cpuTimeMs, startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next";
const RUNS = Number(process.env.TRANSFER_RUNS ?? 7);
const BASE_CWD = process.env.TRANSFER_BASE_CWD;
interface Timing {
  median: number;
  max: number;
  /** The app process's CPU time per run (user + system), less swayed by other processes than wall time. */
  cpu: number;
}

interface Server {
  name: string;
  pid: number;
  call: (method: string, path: string, body?: string, expected?: number) => Promise<Buffer>;
}

/** Each server runs the operation once to warm up, then RUNS times, alternating with the others. */
async function time(servers: readonly Server[], run: (server: Server) => Promise<void>): Promise<Timing[]> {
  for (const server of servers) await run(server);
  const times = servers.map(() => [] as number[]);
  const cpu = servers.map(() => 0);
  for (let index = 0; index < RUNS; index++) {
    for (let k = 0; k < servers.length; k++) {
      const which = (index + k) % servers.length;
      const server = servers[which]!;
      const cpuBefore = cpuTimeMs(server.pid);
      const started = performance.now();
      await run(server);
      times[which]!.push(performance.now() - started);
      cpu[which]! += cpuTimeMs(server.pid) - cpuBefore;
    }
  }
  return times.map((list, which) => {
    list.sort((a, b) => a - b);
    return { median: list[Math.floor(list.length / 2)]!, max: list.at(-1)!, cpu: cpu[which]! / RUNS };
  });
}

async function main() {
  const database = await createBenchDatabase();
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 1);
  const apps = [
    ...(BASE_CWD ? [{ name: "before", app: await startApp({ DATABASE_URL: database.url, AUTH_SECRET: authSecret }, [], BASE_CWD) }] : []),
    { name: BASE_CWD ? "after" : "this build", app: await startApp({ DATABASE_URL: database.url, AUTH_SECRET: authSecret }) },
  ];
  const headers = { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" };
  const servers: Server[] = apps.map(({ name, app }) => ({
    name,
    pid: app.pid,
    call: async (method, path, body, expected = 200) => {
      const response = await fetch(app.baseUrl + path, { method, headers, body });
      const bytes = await response.arrayBuffer();
      if (response.status !== expected) throw new Error(`${name}: ${method} ${path}: ${response.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
      return Buffer.from(bytes);
    },
  }));
  const [first] = servers;
  try {
    const bigBody = JSON.stringify(boardDocument("Big board", 100, 500));
    const big = JSON.parse((await first!.call("POST", "/api/snaps/import", bigBody, 201)).toString()).snap.id as string;
    const small = JSON.parse((await first!.call("POST", "/api/snaps/import", JSON.stringify(boardDocument("Picture", 20, 40)), 201)).toString()).snap
      .id as string;
    const exported = (await first!.call("GET", `/api/snaps/${big}/export`)).toString();
    // Both servers must answer the same: the export (but exportedAt) and a duplicate's export.
    for (const server of servers.slice(1)) {
      const again = (await server.call("GET", `/api/snaps/${big}/export`)).toString();
      if (withoutDate(again) !== withoutDate(exported)) throw new Error(`${server.name}: the export differs from ${first!.name}'s`);
    }

    const operations: [string, (server: Server) => Promise<void>][] = [
      ["baseline: GET /api/snaps/:id (100 × 100)", async (server) => void (await server.call("GET", `/api/snaps/${big}`))],
      ["export JSON (100 × 100, 500 lines)", async (server) => void (await server.call("GET", `/api/snaps/${big}/export`))],
      ["import (100 × 100, 500 lines)", async (server) => void (await server.call("POST", "/api/snaps/import", exported, 201))],
      ["import dry run (100 × 100, 500 lines)", async (server) => void (await server.call("POST", "/api/snaps/import?dryRun=true", exported))],
      ["duplicate (100 × 100, 500 lines)", async (server) => void (await server.call("POST", `/api/snaps/${big}/duplicate`, "{}", 201))],
      ["export CSV (100 × 100)", async (server) => void (await server.call("GET", `/api/snaps/${big}/export?format=csv`))],
      ["export SVG (100 × 100)", async (server) => void (await server.call("GET", `/api/snaps/${big}/export?format=svg`))],
      ["export PNG (20 × 20, scale 1)", async (server) => void (await server.call("GET", `/api/snaps/${small}/export?format=png`))],
    ];
    const results: { label: string; timings: Timing[] }[] = [];
    for (const [label, run] of operations) {
      results.push({ label, timings: await time(servers, run) });
      console.error(`[transfer bench] ${label}`);
    }
    const duplicate = JSON.parse((await servers.at(-1)!.call("POST", `/api/snaps/${big}/duplicate`, JSON.stringify({ title: "Big board" }), 201)).toString())
      .snap.id;
    const duplicateExport = (await first!.call("GET", `/api/snaps/${duplicate}/export`)).toString();
    if (withoutDate(duplicateExport) !== withoutDate(exported)) throw new Error("the duplicate's export differs from its source's");

    const baselines = results[0]!.timings.map((timing) => timing.median);
    console.log(
      `\n${RUNS} runs each after one warm-up; ${(Buffer.byteLength(exported) / 1e6).toFixed(2)} MB document; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}\n`,
    );
    const columns = servers.map(({ name }) => `${name}: median ms | slowest ms | median / baseline | app CPU ms per run`).join(" | ");
    console.log(`| operation | ${columns} |\n|---|${servers.map(() => "---:|---:|---:|---:|").join("")}`);
    for (const { label, timings } of results) {
      const cells = timings.map(
        ({ median, max, cpu }, which) => `${median.toFixed(0)} | ${max.toFixed(0)} | ${(median / baselines[which]!).toFixed(2)} | ${cpu.toFixed(0)}`,
      );
      console.log(`| ${label} | ${cells.join(" | ")} |`);
    }
  } finally {
    for (const { app } of apps) await app.stop();
    await database.drop();
  }
}

const withoutDate = (text: string) => text.replace(/"exportedAt": "[^"]*"/, "");

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
