/**
 * The launcher's job worker process: `npm start` (scripts/start.mjs) runs the job worker beside the
 * app in a process of its own at a lower CPU priority, and the app runs none (JOB_WORKER=off). Here
 * the launcher runs as users run it, on a scratch database of its own, so that the only worker on
 * it is the launcher's: a delivery that arrives was sent by that process.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";
import { JOB_WORKER_NICENESS } from "../../scripts/job-worker-process";
import { GENEROUS_RATE_LIMITS } from "../setup/app-server";
import { untilHealthy } from "../setup/until-healthy";
import { ProcessOutput } from "../setup/process-output";
import { api, signIn, TEST_PASSWORD, uniqueEmail } from "./helpers";
import { verifySigned, WebhookReceiver } from "./webhook-receiver";

let scratch: ScratchDatabase;
let receiver: WebhookReceiver;
let launcher: ChildProcess;
let base: string;
const output = new ProcessOutput();

/** A process's parent, niceness and command line, read from /proc; null once it is gone. */
function processInfo(pid: number): { ppid: number; nice: number; args: string[] } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (in parentheses, which may hold spaces): state is field 3, ppid 4, nice 19.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    return { ppid: Number(fields[1]), nice: Number(fields[16]), args };
  } catch {
    return null;
  }
}

/** The launcher's job worker processes now (children started with --job-worker). */
function jobWorkers(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const info = processInfo(pid);
      return info !== null && info.ppid === launcher.pid && info.args.includes("--job-worker");
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
  scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_job_worker");
  await applyMigrations(scratch.url);
  receiver = await new WebhookReceiver().start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  launcher = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      ...GENEROUS_RATE_LIMITS,
      LOG_LEVEL: "warn",
      DATABASE_URL: scratch.url,
      AUTH_SECRET: inject("authSecret"),
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  output.attach(launcher);
  await output.waitFor("Ready in"); // next start's line once it serves
  await untilHealthy(base);
}, 120_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    launcher.kill("SIGKILL");
    for (const pid of jobWorkers()) process.kill(pid, "SIGKILL");
  }
  await receiver?.stop();
  await scratch?.drop();
}, 60_000);

async function signUpWithWebhook(label: string): Promise<{ key: string; secret: string; cardId: string }> {
  const email = uniqueEmail(label);
  expect((await api("POST", "/api/account", { baseUrl: base, body: { email, password: TEST_PASSWORD, name: label }, headers: { origin: base } })).status).toBe(
    201,
  );
  const cookie = (await signIn(email, TEST_PASSWORD, base))!;
  const key = (await api("POST", "/api/keys", { baseUrl: base, cookie, body: { name: label } })).body.apiKey.key as string;
  const hook = await api("POST", "/api/webhooks", { baseUrl: base, key, body: { url: `${receiver.url}/${label}`, events: ["cards.updated"] } });
  expect(hook.status).toBe(201);
  const snap = await api("POST", "/api/snaps", { baseUrl: base, key, body: { rows: 1, cols: 1 } });
  return { key, secret: hook.body.secret, cardId: snap.body.snap.cards[0].id };
}

async function expectDelivered(user: { key: string; secret: string; cardId: string }, label: string, title: string): Promise<void> {
  expect((await api("PATCH", `/api/snaps/cards/${user.cardId}`, { baseUrl: base, key: user.key, body: { title } })).status).toBe(200);
  await receiver.waitFor(() => receiver.to(`/${label}`).some((request) => request.json?.data?.cards?.[0]?.title === title), `the delivery of "${title}"`);
  const request = receiver.to(`/${label}`).find((candidate) => candidate.json?.data?.cards?.[0]?.title === title)!;
  expect(verifySigned(user.secret, request).type).toBe("cards.updated");
}

describe("npm start's job worker process", () => {
  it("runs beside the app at the lowest CPU priority and sends the deliveries", async () => {
    await expectDelivered(await signUpWithWebhook("beside"), "beside", "sent by the worker process");
    const workers = jobWorkers();
    expect(workers).toHaveLength(1);
    expect(processInfo(workers[0]!)!.nice).toBe(JOB_WORKER_NICENESS);
  });

  it("is started again when it dies, and what was written meanwhile still goes out", async () => {
    const user = await signUpWithWebhook("restarted");
    await expectDelivered(user, "restarted", "sent by the first worker");
    const [first] = jobWorkers();
    const from = output.mark();
    process.kill(first!, "SIGKILL");
    await output.waitFor("job worker exited", from);
    // Written while no worker runs: the outbox keeps it for the next one.
    await expectDelivered(user, "restarted", "written while the worker was down");
    const [second, ...others] = jobWorkers();
    expect(others).toEqual([]);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it("stops with the launcher: a SIGTERM leaves no process behind", async () => {
    const workers = jobWorkers();
    expect(workers).toHaveLength(1);
    launcher.kill("SIGTERM");
    await once(launcher, "exit");
    // The launcher waits for the worker's exit before its own.
    expect(workers.map(processInfo)).toEqual([null]);
  });
});
