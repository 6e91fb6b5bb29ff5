/**
 * `npx tsx scripts/cpu-by-process.ts -- COMMAND ARGS...`: runs the command and says where the
 * machine's CPU went meanwhile, by kind of process (Chromium's renderers, the app servers, PostgreSQL,
 * Vitest…). On a 2-core machine a test run's time follows its CPU, so this is what tells which part
 * to cut (docs/PERFORMANCE.md, "CI run time"). Linux only: it reads /proc once a second, so a process
 * that lives less than a second may be missed and one that ends loses its last second.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** Kinds of process by their command line, first match wins. */
const KINDS: [kind: string, pattern: RegExp][] = [
  ["Chromium renderers", /chromium.*--type=renderer/],
  ["Chromium GPU process", /chromium.*--type=gpu-process/],
  ["Chromium, other processes", /chromium/],
  ["app servers (next start)", /next-server|next\/dist\/bin\/next|scripts\/start\.mjs/],
  ["Playwright", /playwright/],
  ["Vitest", /vitest/],
  ["PostgreSQL", /^postgres/],
  ["tsx child processes (CLIs, scripts)", /tsx/],
  ["npm", /^npm/],
  ["other Node.js processes", /node/],
];

interface Seen {
  command: string;
  cpuSeconds: number;
}

/** Each live process's command and CPU so far, keyed by pid and start time (pids are reused). */
function readProcesses(): Map<string, Seen> {
  const processes = new Map<string, Seen>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim() || stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      processes.set(`${pid}:${fields[19]}`, { command, cpuSeconds });
    } catch {
      // ended between the listing and the read
    }
  }
  return processes;
}

const kindOf = (command: string) => KINDS.find(([, pattern]) => pattern.test(command))?.[0] ?? "everything else";

async function main(): Promise<void> {
  const command = process.argv.slice(2).filter((arg, index) => index > 0 || arg !== "--");
  if (command.length === 0) throw new Error("usage: tsx scripts/cpu-by-process.ts -- COMMAND ARGS...");
  const before = readProcesses();
  const last = new Map(before);
  const timer = setInterval(() => readProcesses().forEach((seen, key) => last.set(key, seen)), 1_000);
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), { stdio: "inherit" });
  const exitCode = await new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
  clearInterval(timer);
  readProcesses().forEach((seen, key) => last.set(key, seen));

  const byKind = new Map<string, number>();
  for (const [key, { command: line, cpuSeconds }] of last) {
    const spent = cpuSeconds - (before.get(key)?.cpuSeconds ?? 0);
    const kind = kindOf(line);
    if (spent > 0) byKind.set(kind, (byKind.get(kind) ?? 0) + spent);
  }
  const total = [...byKind.values()].reduce((sum, value) => sum + value, 0);
  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s, ${total.toFixed(0)} CPU s seen:`);
  for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1])) {
    console.log(`${seconds.toFixed(1).padStart(9)} s ${((100 * seconds) / total).toFixed(1).padStart(5)} %  ${kind}`);
  }
  process.exit(exitCode);
}

await main();
