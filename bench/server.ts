/**
 * The two servers under load, each a child process on a free loopback port: the app's production
 * build (`next start`, as a deployment runs it) and the plain floor server of scenario g. Also reads
 * a child's CPU time and memory from /proc, so that CPU per request and peak RSS can be reported.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { staleBuildReason } from "../scripts/ensure-build";
import { keepAliveArgs } from "../scripts/server-keep-alive";
import { serverNodeOptions } from "../scripts/server-node-options";
import { BENCH_METRICS_TOKEN } from "./server-metrics";

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Lines the process printed (stdout and stderr), newest last; at most the last 300. */
  log: string[];
  /** Resolves with the first line of stdout that starts with `prefix`, or null after `timeoutMs`. */
  waitForLine(prefix: string, timeoutMs: number): Promise<string | null>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

function wrap(child: ChildProcess, baseUrl: string): RunningServer {
  const log: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void }[] = [];
  // Every line kept when asked (BENCH_SERVER_LOG_DIR): a --trace-gc run's GC lines, say, which the last 300 would lose.
  const dump = process.env.BENCH_SERVER_LOG_DIR ? createWriteStream(`${process.env.BENCH_SERVER_LOG_DIR}/${child.pid}.log`) : null;
  child.once("exit", () => dump?.end());
  const onLine = (line: string) => {
    dump?.write(`${line}\n`);
    log.push(line);
    if (log.length > 300) log.shift();
    for (const waiter of waiters.filter((w) => line.startsWith(w.prefix))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  };
  if (child.stdout) createInterface({ input: child.stdout }).on("line", onLine);
  if (child.stderr) createInterface({ input: child.stderr }).on("line", onLine);
  return {
    baseUrl,
    pid: child.pid ?? 0,
    log,
    waitForLine(prefix, timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        waiters.push({
          prefix,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const exited = await Promise.race([once(child, "exit").then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
      if (!exited) child.kill("SIGKILL");
    },
  };
}

/** Rate limits far above any bench load: the limiter's counting is measured, but it never refuses. */
const UNREACHED_RATE_LIMITS = {
  RATE_LIMIT_REQUESTS_PER_MINUTE: "1000000000",
  RATE_LIMIT_FAILED_AUTH_PER_IP: "1000000000",
  RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX: "1000000000",
};

/**
 * `next start` of the build in NEXT_DIST_DIR, NODE_ENV=production, GET /metrics open to the bench
 * (bench/server-metrics.ts), rate limits out of reach. `nodeFlags` go to node itself (e.g. --cpu-prof);
 * `cwd` is the checkout to run.
 */
export function startApp(env: Record<string, string>, nodeFlags: string[] = [], cwd = process.cwd()): Promise<RunningServer> {
  return startNext({ ...UNREACHED_RATE_LIMITS, ...env, METRICS_TOKEN: BENCH_METRICS_TOKEN }, nodeFlags, cwd, [], "/api/health");
}

/** `next start` with the app's heap cap and keep-alive, answered once `readyPath` answers at all (2xx for the app). */
async function startNext(env: Record<string, string>, nodeFlags: string[], cwd: string, dir: string[], readyPath: string): Promise<RunningServer> {
  const port = await freePort();
  const args = [...nodeFlags, "node_modules/next/dist/bin/next", "start", ...dir, "-p", String(port), "-H", "127.0.0.1", ...keepAliveArgs()];
  const child = spawn(process.execPath, args, {
    cwd,
    // The heap cap `npm start` sets (scripts/server-node-options.ts); node flags given here win.
    env: { ...process.env, NODE_OPTIONS: serverNodeOptions(), ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = wrap(child, `http://127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}:\n${server.log.join("\n")}`);
    try {
      const response = await fetch(server.baseUrl + readyPath);
      await response.arrayBuffer();
      if (response.ok || dir.length > 0) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`next start did not answer within 60 s:\n${server.log.join("\n")}`);
}

const NEXT_FLOOR_DIR = "bench/next-floor";
/** What the Next floor's build is made from: a newer file here makes it stale. */
const NEXT_FLOOR_SOURCES = [`${NEXT_FLOOR_DIR}/app`, `${NEXT_FLOOR_DIR}/next.config.mjs`, "bench/write-floor-handler.ts", "lib", "package.json"];

/**
 * The Next write floor (bench/next-floor/: a bare Next app of the app's Next version whose one route
 * handler does bench/write-floor-handler.ts's writes), built first when missing or stale, then
 * started as the app is: `next start`, the same heap cap, keep-alive and node flags.
 */
export async function startNextFloor(env: Record<string, string>, nodeFlags: string[], log: (line: string) => void): Promise<RunningServer> {
  const reason = staleBuildReason(NEXT_FLOOR_SOURCES, `${NEXT_FLOOR_DIR}/.next/BUILD_ID`);
  if (reason) {
    log(`building the Next write floor (${reason})…`);
    const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build", NEXT_FLOOR_DIR], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (result.status !== 0) throw new Error(`next build ${NEXT_FLOOR_DIR} failed with exit code ${result.status}`);
  }
  return startNext(env, nodeFlags, process.cwd(), [NEXT_FLOOR_DIR], "/api/ready");
}

/** bench/floor-server.ts (or `script`, e.g. bench/write-floor-server.ts with its node flags) under tsx. */
export async function startFloor(env: Record<string, string>, script = ["bench/floor-server.ts"]): Promise<RunningServer> {
  const child = spawn(process.execPath, ["--import", "tsx", ...script], {
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = wrap(child, "");
  const line = await server.waitForLine("listening ", 30_000);
  if (!line) {
    await server.stop();
    throw new Error(`the floor server did not start:\n${server.log.join("\n")}`);
  }
  server.baseUrl = `http://127.0.0.1:${line.slice("listening ".length)}`;
  return server;
}

/** User + system CPU time of a process so far, in milliseconds (Linux /proc; 0 elsewhere). */
export function cpuTimeMs(pid: number): number {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return 0;
  // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(path, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** VmRSS and VmHWM (peak RSS since start) of a process in MB, or null off Linux. */
export function memoryMb(pid: number): { rss: number; peak: number } | null {
  const path = `/proc/${pid}/status`;
  if (!existsSync(path)) return null;
  const status = readFileSync(path, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}
