/**
 * `npm start` as a service manager runs it: when next-server dies on its own, the launcher logs how
 * and starts it again; on SIGTERM to npm, the instance drains (GET /api/health 503 "draining" while
 * requests are still served), ends its event streams with a `retry:` hint, lets the requests in
 * flight when its listener closes finish with 2xx, and npm exits 0.
 * On a scratch database of its own, as tests/api/job-worker-process.test.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";
import { GENEROUS_RATE_LIMITS } from "../setup/app-server";
import { untilHealthy } from "../setup/until-healthy";
import { ProcessOutput } from "../setup/process-output";
import { api, signIn, TEST_PASSWORD, uniqueEmail } from "./helpers";

let scratch: ScratchDatabase;
let npm: ChildProcess;
let base: string;
const output = new ProcessOutput();
/** PNG renders hold until this file exists (PNG_RENDER_TEST_GATE): a request kept in flight for as long as the test needs. */
const gateFolder = mkdtempSync(path.join(tmpdir(), "snap-drain-"));
const gate = path.join(gateFolder, "gate");
const rendersWaiting = () => readdirSync(gateFolder).filter((name) => name.endsWith(".waiting")).length;

/** Children of a process, with their command lines, from /proc. */
function childrenOf(pid: number): { pid: number; args: string[] }[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (ppid !== pid) return [];
        return [{ pid: Number(name), args: readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean) }];
      } catch {
        return [];
      }
    });
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_launcher");
  await applyMigrations(scratch.url);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  npm = spawn("npm", ["start"], {
    env: {
      ...process.env,
      ...GENEROUS_RATE_LIMITS,
      LOG_LEVEL: "info",
      DATABASE_URL: scratch.url,
      AUTH_SECRET: inject("authSecret"),
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      JOB_WORKER: "off",
      SHUTDOWN_DRAIN_SECONDS: "3",
      PNG_RENDER_TEST_GATE: gate,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: the cleanup takes every process of it
  });
  output.attach(npm);
  await output.waitFor("Ready in");
  await untilHealthy(base);
}, 120_000);

afterAll(async () => {
  if (npm?.pid && npm.exitCode === null) process.kill(-npm.pid, "SIGKILL");
  await scratch?.drop();
  rmSync(gateFolder, { recursive: true, force: true });
}, 60_000);

/** The launcher (npm execs it: npm's one child) and its next-server. */
function launcherAndServer(): { launcher: number; server: number | undefined } {
  const [launcher] = childrenOf(npm.pid!);
  const server = childrenOf(launcher!.pid).find((child) => child.args[0]?.startsWith("next-server"));
  return { launcher: launcher!.pid, server: server?.pid };
}

describe("npm start's launcher", () => {
  it("is npm's own child: npm start execs it rather than running it under sh -c", () => {
    const [launcher, ...others] = childrenOf(npm.pid!);
    expect(others).toEqual([]);
    expect(launcher!.args.slice(-1)).toEqual(["scripts/start.mjs"]);
  });

  it("starts without graphile-worker's warning of a pool missing error handlers (the queue's migration pool has both)", () => {
    expect(output.text).toContain("Ready in");
    expect(output.text).not.toMatch(/Your pool doesn't have/);
  });

  it("starts next-server again when it is killed (kill -9), and says why", async () => {
    const { server } = launcherAndServer();
    expect(server).toBeDefined();
    const from = output.mark();
    process.kill(server!, "SIGKILL");
    await output.waitFor("[start] next-server exited unexpectedly (killed by SIGKILL); starting it again", from);
    await output.waitFor("Ready in", from);
    await untilHealthy(base);
    expect(launcherAndServer().server).not.toBe(server);
  }, 90_000);

  it("drains on SIGTERM to npm: health 503 draining while requests are served, streams end with retry:, requests in flight finish 2xx, exit 0", async () => {
    const email = uniqueEmail("drain");
    expect(
      (await api("POST", "/api/account", { baseUrl: base, body: { email, password: TEST_PASSWORD, name: "drain" }, headers: { origin: base } })).status,
    ).toBe(201);
    const cookie = (await signIn(email, TEST_PASSWORD, base))!;
    const key = (await api("POST", "/api/keys", { baseUrl: base, cookie, body: { name: "drain" } })).body.apiKey.key as string;
    const snap = await api("POST", "/api/snaps", { baseUrl: base, key, body: { rows: 1, cols: 1 } });
    const stream = await fetch(`${base}/api/snaps/${snap.body.snap.id}/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes("event: ready")) received += decoder.decode((await reader.read()).value, { stream: true });
    // In flight when the signal comes: a PNG export held at the gate (its render has started), and writes just sent.
    const png = fetch(`${base}/api/snaps/${snap.body.snap.id}/export?format=png`, { headers: { authorization: `Bearer ${key}` } });
    let answered = false;
    void png.then(() => (answered = true));
    await expect.poll(rendersWaiting, { timeout: 30_000 }).toBe(1);
    const writes = Array.from({ length: 8 }, (_, index) =>
      api("PATCH", `/api/snaps/${snap.body.snap.id}`, { baseUrl: base, key, body: { subtitle: `in flight ${index}` } }),
    );

    const from = output.mark();
    const exited = once(npm, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    npm.kill("SIGTERM"); // to npm alone, as a service manager sends it
    await output.waitFor("shutdown: draining", from);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "draining" });
    expect((await api("GET", `/api/snaps/${snap.body.snap.id}`, { baseUrl: base, key })).status).toBe(200); // still served

    // The stream ends (the drain over) with a retry: hint, so the client reconnects elsewhere.
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    expect(received).toMatch(/\nretry: \d+\n\n$/);
    // The listener is closed and the export still in flight: once its render goes on, it is answered in full.
    await output.waitFor("finishing the requests in flight", from);
    expect(answered).toBe(false);
    expect(output.after(from)).toMatch(/"inFlight":[1-9]\d*,"msg":"shutdown: listener closed/);
    writeFileSync(gate, "");
    const exported = await png;
    expect(exported.status).toBe(200);
    expect([...new Uint8Array(await exported.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await Promise.all(writes)).map((write) => write.status)).toEqual(Array(8).fill(200));
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(output.after(from)).toContain("shutdown: done");
    expect(output.after(from)).not.toContain("cut off");
  }, 90_000);
});
