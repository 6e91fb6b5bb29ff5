/**
 * Export, import and duplicate of a 100 × 100 board with 500 lines, and the PNG of a 20 × 20
 * board, against the production build (`next start`) on a fresh database, each timed end to end
 * over loopback HTTP: `TRANSFER_RUNS` (default 7) runs each, median and slowest. The baseline,
 * measured in the same run, is GET /api/snaps/:id of the same 100 × 100 board (the API's existing
 * read of 10,000 cards), so a noisy machine moves both.
 *
 *   npx tsx bench/transfer.ts        (NEXT_DIST_DIR: the build to start, default .next)
 */
import { randomBytes } from "node:crypto";
import { createBenchDatabase, seedFixtures } from "./database";
import { cpuTimeMs, startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next";
const RUNS = Number(process.env.TRANSFER_RUNS ?? 7);
const COLORS = ["", "#fde68a", "#bfdbfe", "#bbf7d0", "#fecaca", "#1e293b"];
const TYPES = ["normal", "todo", "status", "link"];

/** A board of size × size cards with varied fields, and `lines` lines between neighbours. */
function boardDocument(title: string, size: number, lines: number) {
  const cards = Array.from({ length: size * size }, (_, index) => ({
    key: `c${index + 1}`,
    row: Math.floor(index / size),
    col: index % size,
    title: `Task ${index}: ${index % 3 === 0 ? "follow up with the team about the plan" : "ship it"}`,
    note: index % 4 === 0 ? `A note of a sentence or two about card ${index}.` : "",
    cellType: TYPES[index % TYPES.length],
    completed: index % 3 === 0,
    color: COLORS[index % COLORS.length],
    bold: index % 7 === 0,
    textAlign: (["left", "center", "right"] as const)[index % 3],
  }));
  const step = Math.floor((size * size) / lines);
  const lineList = Array.from({ length: lines }, (_, index) => ({ from: `c${index * step + 1}`, to: `c${index * step + 2}`, style: index % 2 ? "dashed" : "solid" }));
  return { format: "snap-board", formatVersion: 1, snap: { title, rows: size, cols: size, rowHeights: { "0": 48 } }, cards, lines: lineList };
}

interface Result {
  label: string;
  median: number;
  max: number;
  /** The app process's CPU time per run (user + system), less swayed by other processes than wall time. */
  cpu: number;
}

async function time(pid: number, label: string, run: () => Promise<void>): Promise<Result> {
  await run(); // warm-up: compiled routes, prepared statements, caches of the first request
  const times: number[] = [];
  const cpuBefore = cpuTimeMs(pid);
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const cpu = (cpuTimeMs(pid) - cpuBefore) / RUNS;
  times.sort((a, b) => a - b);
  return { label, median: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]!, cpu };
}

async function main() {
  const database = await createBenchDatabase();
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 1);
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: authSecret });
  const headers = { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" };
  const call = async (method: string, path: string, body?: string, expected = 200) => {
    const response = await fetch(app.baseUrl + path, { method, headers, body });
    const bytes = await response.arrayBuffer();
    if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
    return Buffer.from(bytes);
  };
  try {
    const bigBody = JSON.stringify(boardDocument("Big board", 100, 500));
    const big = JSON.parse((await call("POST", "/api/snaps/import", bigBody, 201)).toString()).snap.id as string;
    const small = JSON.parse((await call("POST", "/api/snaps/import", JSON.stringify(boardDocument("Picture", 20, 40)), 201)).toString()).snap.id as string;
    const exported = (await call("GET", `/api/snaps/${big}/export`)).toString();
    const created: string[] = [];
    const keep = (buffer: Buffer) => created.push(JSON.parse(buffer.toString()).snap.id);

    const results = [
      await time(app.pid, "baseline: GET /api/snaps/:id (100 × 100)", async () => void (await call("GET", `/api/snaps/${big}`))),
      await time(app.pid, "export JSON (100 × 100, 500 lines)", async () => void (await call("GET", `/api/snaps/${big}/export`))),
      await time(app.pid, "import (100 × 100, 500 lines)", async () => void keep(await call("POST", "/api/snaps/import", exported, 201))),
      await time(app.pid, "import dry run (100 × 100, 500 lines)", async () => void (await call("POST", "/api/snaps/import?dryRun=true", exported))),
      await time(app.pid, "duplicate (100 × 100, 500 lines)", async () => void keep(await call("POST", `/api/snaps/${big}/duplicate`, "{}", 201))),
      await time(app.pid, "export CSV (100 × 100)", async () => void (await call("GET", `/api/snaps/${big}/export?format=csv`))),
      await time(app.pid, "export SVG (100 × 100)", async () => void (await call("GET", `/api/snaps/${big}/export?format=svg`))),
      await time(app.pid, "export PNG (20 × 20, scale 1)", async () => void (await call("GET", `/api/snaps/${small}/export?format=png`))),
    ];
    const baseline = results[0]!.median;
    console.log(`\n${RUNS} runs each after one warm-up; ${(Buffer.byteLength(exported) / 1e6).toFixed(2)} MB document\n`);
    console.log("| operation | median ms | slowest ms | median / baseline | app CPU ms per run |\n|---|---:|---:|---:|---:|");
    for (const { label, median, max, cpu } of results) {
      console.log(`| ${label} | ${median.toFixed(0)} | ${max.toFixed(0)} | ${(median / baseline).toFixed(2)} | ${cpu.toFixed(0)} |`);
    }
  } finally {
    await app.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
