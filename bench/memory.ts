/**
 * Memory of the zero-setup install, as a user runs it: `npm start` with no DATABASE_URL (the embedded
 * database), in a fresh data folder. Reports the sum of PSS (and RSS) over every process of the tree
 * that npm start runs, npm and the database included, per process and per role (npm, launcher,
 * job worker, next-server, PostgreSQL), idle and after a minute of load; then sends SIGTERM to npm
 * alone, as a service manager would, and reports how long the whole tree took to go.
 * docs/PERFORMANCE.md ("Memory per process") has the figures.
 *
 * The load (--shape reads, the default): 20 connections reading one 100-card snap and 10 reading
 * the listing, each one request after another. --shape mixed: --workers loops of writes and reads.
 *
 *   npx tsx bench/memory.ts [--project <dir>] [--port 3250] [--idle 20] [--load 60] [--shape reads|mixed] [--workers 8]
 *
 * --project runs another checkout's `npm start` (its own build and node_modules), so that two
 * versions are measured in one session on one machine.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    project: { type: "string", default: process.cwd() },
    port: { type: "string", default: "3250" },
    idle: { type: "string", default: "20" },
    load: { type: "string", default: "60" },
    workers: { type: "string", default: "8" },
    shape: { type: "string", default: "reads" },
  },
});
const project = path.resolve(args.project!);
const base = `http://127.0.0.1:${args.port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "snap-memory-"));
chmodSync(dataDir, 0o755); // run as root, the embedded PostgreSQL runs as the postgres user, which must reach it
const HIGH = "1000000";
const env: NodeJS.ProcessEnv = {
  ...process.env,
  SNAP_DATA_DIR: dataDir,
  PORT: args.port,
  HOSTNAME: "127.0.0.1",
  NEXT_TELEMETRY_DISABLED: "1",
  RATE_LIMIT_REQUESTS_PER_MINUTE: HIGH,
  RATE_LIMIT_SIGN_UP_PER_IP: HIGH,
  RATE_LIMIT_SIGN_IN_PER_IP: HIGH,
};
delete env.DATABASE_URL;
delete env.NODE_OPTIONS;

interface ProcessMemory {
  pid: number;
  pssKb: number;
  rssKb: number;
  command: string;
}

function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return parents;
}

/** rootPid and every process descending from it. */
function processTree(rootPid: number): number[] {
  const parents = parentsByPid();
  return [...parents.keys()].filter((pid) => {
    for (let at: number | undefined = pid; at && at > 1; at = parents.get(at)) if (at === rootPid) return true;
    return false;
  });
}

function memoryOf(pid: number): ProcessMemory | null {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0);
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim().slice(0, 80);
    return { pid, pssKb: field("Pss"), rssKb: field("Rss"), command };
  } catch {
    return null;
  }
}

/**
 * What the tree's PSS would be with no other process on the machine: PSS divides a shared file's
 * pages (the node binary, libraries) among every process mapping them, so on a busy machine full
 * of other node processes the tree's sum is lower than alone. Estimated as each process's
 * anonymous and shared-memory PSS (shared within the tree only) plus, per file, the most of it
 * resident in any one process of the tree (the tree's processes map the same hot pages).
 */
function aloneEstimateMb(pids: readonly number[]): number {
  let privateKb = 0;
  const fileKb = new Map<string, number>();
  for (const pid of pids) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1] ?? 0);
      privateKb += field("Pss_Anon") + field("Pss_Shmem");
      const perFile = new Map<string, number>();
      let file: string | null = null;
      let rss = 0;
      for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
        const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s+(.*)$/.exec(line);
        if (mapping) {
          const [, inode, name] = mapping;
          file =
            inode !== "0" && name!.startsWith("/") && !name!.includes("(deleted)") && !name!.startsWith("/SYSV") && !name!.startsWith("/dev/") ? name! : null;
        } else if (file && line.startsWith("Rss:")) rss = Number(line.split(/\s+/)[1]);
        else if (file && line.startsWith("Anonymous:")) perFile.set(file, (perFile.get(file) ?? 0) + rss - Number(line.split(/\s+/)[1]));
      }
      for (const [name, kb] of perFile) fileKb.set(name, Math.max(fileKb.get(name) ?? 0, kb));
    } catch {
      // The process ended meanwhile.
    }
  }
  return Math.round((privateKb + [...fileKb.values()].reduce((sum, kb) => sum + kb, 0)) / 1024);
}

function snapshot(rootPid: number) {
  const processes = processTree(rootPid)
    .map(memoryOf)
    .filter((entry): entry is ProcessMemory => entry !== null);
  const sum = (key: "pssKb" | "rssKb") => Math.round(processes.reduce((total, entry) => total + entry[key], 0) / 1024);
  return { pssMb: sum("pssKb"), rssMb: sum("rssKb"), aloneMb: aloneEstimateMb(processes.map((entry) => entry.pid)), processes };
}

/** What a process of npm start's tree is, by its command line. */
function roleOf(command: string): string {
  if (command.includes("--job-worker")) return "job worker";
  if (command.includes("scripts/start.mjs")) return "launcher";
  if (command.startsWith("next-server") || command.includes("next/dist/bin/next")) return "next-server";
  if (command.startsWith("npm") || command.includes("npm-cli.js")) return "npm";
  if (command.includes("postgres")) return "PostgreSQL";
  return "other";
}

function byRole(state: ReturnType<typeof snapshot>): Record<string, number> {
  const roles: Record<string, number> = {};
  for (const entry of state.processes) roles[roleOf(entry.command)] = (roles[roleOf(entry.command)] ?? 0) + entry.pssKb;
  return Object.fromEntries(Object.entries(roles).map(([role, kb]) => [role, Math.round(kb / 1024)]));
}

function print(label: string, state: ReturnType<typeof snapshot>): void {
  console.log(
    `\n${label}: PSS ${state.pssMb} MB (alone on the machine, estimated: ${state.aloneMb} MB), RSS ${state.rssMb} MB, ${state.processes.length} processes`,
  );
  console.log(
    `  PSS by role: ${Object.entries(byRole(state))
      .map(([role, mb]) => `${role} ${mb} MB`)
      .join(", ")}`,
  );
  for (const entry of state.processes.sort((a, b) => b.pssKb - a.pssKb)) {
    console.log(
      `  ${String(Math.round(entry.pssKb / 1024)).padStart(4)} MB PSS ${String(Math.round(entry.rssKb / 1024)).padStart(4)} MB RSS  ${entry.command}`,
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean> | boolean, what: string, deadlineMs: number): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** A user and an API key through the admin CLI, on the running embedded database. */
function createApiKey(): string {
  const cli = (command: string[]) => {
    const result = spawnSync("npm", ["run", "--silent", "cli", "--", ...command], { cwd: project, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`cli ${command[0]} failed: ${result.stderr}`);
    return result.stdout.trim().split("\n").pop()!;
  };
  const email = `memory-${Date.now()}@example.test`;
  cli(["user:create", "--email", email, "--password", "memory-bench-42"]);
  return cli(["apikey:create", "--email", email, "--name", "memory"]);
}

/** The issue's read load: a 100-card snap read by 20 connections, the listing by 10, until `until`. */
async function readers(key: string, until: number, counts: Map<number, number>): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  // A 10 x 10 snap is made with its 100 cards; each then gets a title.
  const created = await fetch(`${base}/api/snaps`, { method: "POST", headers, body: JSON.stringify({ title: "Memory", rows: 10, cols: 10 }) });
  const snap = ((await created.json()) as { snap: { id: string; cards: { id: string }[] } }).snap;
  const snapId = snap.id;
  const titled = await fetch(`${base}/api/snaps/cards/batch`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ updates: snap.cards.map((card, index) => ({ id: card.id, title: `Card ${index}` })) }),
  });
  if (!titled.ok) throw new Error(`titling the 100 cards: ${titled.status} ${await titled.text()}`);
  const loop = async (url: string) => {
    while (Date.now() < until) {
      const response = await fetch(base + url, { headers });
      counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
      await response.arrayBuffer();
    }
  };
  await Promise.all([...Array.from({ length: 20 }, () => loop(`/api/snaps/${snapId}`)), ...Array.from({ length: 10 }, () => loop("/api/snaps"))]);
}

/** One worker's loop: its own snap, cards created then edited, reads of the snap and of the listing. */
async function worker(key: string, until: number, counts: Map<number, number>): Promise<void> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
    return response.ok ? ((await response.json()) as Record<string, unknown>) : (await response.arrayBuffer(), null);
  };
  let snapId = "";
  let cardIds: string[] = [];
  for (let n = 0; Date.now() < until; n++) {
    if (n % 25 === 0) {
      const created = await call("POST", "/api/snaps", { title: `Memory ${n}` });
      snapId = (created?.snap as { id: string } | undefined)?.id ?? snapId;
      const cards = await call("POST", "/api/snaps/cards/batch", {
        cards: Array.from({ length: 50 }, (_, index) => ({ snapId, row: Math.floor(index / 10), col: index % 10, title: `Card ${index}` })),
      });
      cardIds = ((cards?.cards as { id: string }[] | undefined) ?? []).map((card) => card.id);
    }
    await call("PATCH", "/api/snaps/cards/batch", { updates: cardIds.slice(0, 20).map((id, index) => ({ id, title: `Card ${index} rev ${n}` })) });
    await call("GET", `/api/snaps/${snapId}`);
    await call("GET", `/api/v1/workspace/snaps?search=mem&limit=20`);
    await call("GET", "/api/snaps");
  }
}

async function main(): Promise<void> {
  console.log(`project ${project}, data folder ${dataDir}`);
  const npm = spawn("npm", ["start"], { cwd: project, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  try {
    await waitFor(healthy, "the app to answer /api/health", 300_000);
    console.log(`healthy after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await sleep(Number(args.idle) * 1000);
    const idle = snapshot(npm.pid!);
    print("idle", idle);

    const key = createApiKey();
    const counts = new Map<number, number>();
    const until = Date.now() + Number(args.load) * 1000;
    if (args.shape === "mixed") await Promise.all(Array.from({ length: Number(args.workers) }, () => worker(key, until, counts)));
    else await readers(key, until, counts);
    const loaded = snapshot(npm.pid!);
    print(`after ${args.load} s of ${args.shape} API load (${[...counts].map(([status, count]) => `${count} × ${status}`).join(", ")})`, loaded);

    const tree = processTree(npm.pid!);
    const stopAt = Date.now();
    process.kill(npm.pid!, "SIGTERM");
    await waitFor(() => tree.every((pid) => !isAlive(pid)), "every process to stop after SIGTERM", 60_000);
    console.log(`\nSIGTERM to npm: all ${tree.length} processes gone in ${((Date.now() - stopAt) / 1000).toFixed(1)} s`);
    console.log(
      JSON.stringify({
        project,
        shape: args.shape,
        idle: { pssMb: idle.pssMb, aloneMb: idle.aloneMb, rssMb: idle.rssMb, pssMbByRole: byRole(idle) },
        loaded: { pssMb: loaded.pssMb, aloneMb: loaded.aloneMb, rssMb: loaded.rssMb, pssMbByRole: byRole(loaded) },
      }),
    );
  } catch (error) {
    console.error(output);
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const state = readFileSync(`/proc/${pid}/stat`, "utf8");
    return state.slice(state.lastIndexOf(")") + 2, state.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
