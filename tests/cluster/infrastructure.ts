/**
 * The cluster's engines, as an operator runs them (docs/OPERATIONS.md, "Running on PostgreSQL with several
 * instances"; docs/SCALING.md): PgBouncer in transaction mode in front of PostgreSQL, HAProxy in front
 * of the app instances, health-checking /api/health. Debian's packages, installed with apt-get when
 * missing; configuration files in a temporary folder.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { chmodSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import path from "node:path";

/**
 * Everything a child process writes, kept; `waitFor` resolves when a line matching a pattern
 * appears after a given point (checked at each chunk written), so the test waits on log lines.
 */
export class OutputLog {
  readonly chunks: string[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(child?: ChildProcess) {
    if (child) this.attach(child);
  }

  attach(child: ChildProcess): void {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8").on("data", (text: string) => {
        this.chunks.push(text);
        for (const waiter of this.waiters) waiter();
      });
    }
  }

  get text(): string {
    return this.chunks.join("");
  }

  /** The current end: pass it to waitFor to see only what comes after. */
  mark(): number {
    return this.text.length;
  }

  waitFor(pattern: RegExp, from: number, what: string, timeoutMs = 90_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.text.slice(from).match(pattern);
        if (!match) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(match[0]);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; last output:\n${this.text.slice(-2000)}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}

/** A free loopback port (the kernel's pick). */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

const hasCommand = (command: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/** Installs Debian's haproxy and pgbouncer when they are missing (services not started: policy-rc.d). */
export function ensurePackages(log: (line: string) => void): void {
  const missing = [
    ["haproxy", "/usr/sbin/haproxy"],
    ["pgbouncer", "/usr/sbin/pgbouncer"],
  ].filter(([command, file]) => !hasCommand(command!) && !hasCommand(file!));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name!);
  log(`installing ${names.join(", ")} with apt-get`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...names], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

/** Resolves when a TCP port accepts connections (each failed try is the answer waited on). */
export async function waitForPort(port: number, what: string, process?: ChildProcess): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (process && process.exitCode !== null) throw new Error(`${what} exited (code ${process.exitCode}) before listening on ${port}`);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (connected) return;
    if (attempt > 400) throw new Error(`${what} did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the next connect attempt, not a wait for state
  }
}

export interface PgBouncer {
  port: number;
  process: ChildProcess;
  log: OutputLog;
}

/**
 * PgBouncer in transaction mode, trust authentication (as the CI's PostgreSQL), every database
 * passed through to 127.0.0.1:5432. It refuses to run as root: started as root, it runs as the
 * `postgres` user (-u), so its folder and files are made readable to that user.
 */
export async function startPgBouncer(folder: string, serverPort = 5432): Promise<PgBouncer> {
  const port = await freePort();
  const ini = path.join(folder, "pgbouncer.ini");
  const users = path.join(folder, "userlist.txt");
  writeFileSync(users, '"postgres" ""\n');
  writeFileSync(ini, pgBouncerConfig({ port, serverPort, authFile: users }));
  chmodSync(folder, 0o755);
  for (const file of [ini, users]) chmodSync(file, 0o644);
  const asRoot = process.getuid?.() === 0;
  const child = spawn("/usr/sbin/pgbouncer", [...(asRoot ? ["-u", "postgres"] : []), ini], { stdio: ["ignore", "pipe", "pipe"] });
  const log = new OutputLog(child);
  await waitForPort(port, "pgbouncer", child);
  return { port, process: child, log };
}

/** The PgBouncer configuration the cluster test runs (docs/SCALING.md shows the same). */
export function pgBouncerConfig({ port, serverPort, authFile }: { port: number; serverPort: number; authFile: string }): string {
  return `[databases]
* = host=127.0.0.1 port=${serverPort}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${authFile}
pool_mode = transaction
admin_users = postgres
max_client_conn = 500
default_pool_size = 20
ignore_startup_parameters = extra_float_digits
`;
}

export interface HaProxy {
  port: number;
  process: ChildProcess;
  statsSocket: string;
  log: OutputLog;
}

/** The HAProxy configuration the cluster test runs (docs/OPERATIONS.md shows the same). */
export function haProxyConfig({ port, servers, statsSocket }: { port: number; servers: { name: string; port: number }[]; statsSocket: string }): string {
  return `global
    maxconn 4096
    stats socket ${statsSocket} mode 600 level admin
    # server state changes ("Server instances/app1 is DOWN") on stderr: the test waits on them
    log stderr format raw local0 notice

defaults
    mode http
    log global
    timeout connect 2s
    timeout client 65s
    timeout server 65s
    # shorter than the app's 65 s keep-alive: the proxy, not the app, closes idle connections
    timeout http-keep-alive 30s
    # a refused connection (an instance gone before the health check saw it) goes to another
    retries 3
    option redispatch

frontend app
    bind 127.0.0.1:${port}
    option forwardfor
    default_backend instances

backend instances
    balance roundrobin
    option httpchk GET /api/health
    http-check expect status 200
    # out after 2 failed checks (1 s), back after 2 good ones: inside SHUTDOWN_DRAIN_SECONDS (default 5)
    default-server inter 500ms fall 2 rise 2
    http-response set-header X-Served-By %s
${servers.map((server) => `    server ${server.name} 127.0.0.1:${server.port} check`).join("\n")}
`;
}

export async function startHaProxy(folder: string, servers: { name: string; port: number }[]): Promise<HaProxy> {
  const port = await freePort();
  const statsSocket = path.join(folder, "haproxy.sock");
  const file = path.join(folder, "haproxy.cfg");
  writeFileSync(file, haProxyConfig({ port, servers, statsSocket }));
  execFileSync("/usr/sbin/haproxy", ["-c", "-q", "-f", file], { stdio: "inherit" });
  const child = spawn("/usr/sbin/haproxy", ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  const log = new OutputLog(child);
  await waitForPort(port, "haproxy", child);
  return { port, process: child, statsSocket, log };
}

/** HAProxy's view of each server: "UP", "DOWN", "MAINT"… (the stats socket's `show stat`). */
export async function serverStates(haproxy: HaProxy): Promise<Map<string, string>> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = createConnection(haproxy.statsSocket);
    const chunks: string[] = [];
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => chunks.push(chunk));
    socket.on("end", () => resolve(chunks.join("")));
    socket.on("error", reject);
    socket.write("show stat\n");
  });
  const [header, ...rows] = text.trim().split("\n");
  const columns = header!.replace(/^# /, "").split(",");
  const name = columns.indexOf("svname");
  const status = columns.indexOf("status");
  const states = new Map<string, string>();
  for (const row of rows) {
    const fields = row.split(",");
    if (fields[0] === "instances" && !["FRONTEND", "BACKEND"].includes(fields[name]!)) states.set(fields[name]!, fields[status]!);
  }
  return states;
}
