/**
 * MCP notification streams under card edits: `npm run bench:mcp-streams`. Starts the production
 * build (built when stale, into NEXT_DIST_DIR, default .next-bench) on a fresh database, opens
 * BENCH_MCP_STREAMS 2025 sessions (default 1,000), each subscribed to one board, with their
 * `GET /api/mcp` streams (the stream cap raised to hold them: one key, one user), then makes
 * BENCH_MCP_EDITS card edits of that board (default 20) and times `GET /api/health` every 100 ms
 * from the first edit until every stream has heard of every edit. Prints, as JSON: health p50/p95/max
 * with the streams open and idle (the baseline) and during the edits, how long until the last stream
 * heard of the last edit, and the server's CPU over the edits. Each change used to run one query per
 * open stream (docs/SECURITY.md, "Probe findings, round three").
 */
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { createBenchDatabase, seedFixtures } from "./database";
import { healthSamples, quantile } from "./health-under-load";
import { cpuTimeMs, startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next-bench";
const STREAMS = Number(process.env.BENCH_MCP_STREAMS ?? 1_000);
const EDITS = Number(process.env.BENCH_MCP_EDITS ?? 20);
const OPEN_WAVE = 20;
const IDLE_MS = 3_000;
const HEARD_TIMEOUT_MS = 120_000;
const PROTOCOL = "2025-06-18";

const log = (line: string) => console.error(`[bench:mcp-streams] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => Math.round(value * 10) / 10;

/** A 2025 session subscribed to the board, and its stream, counting the notifications it hears. */
async function openSubscribedStream(baseUrl: string, apiKey: string, uri: string, abort: AbortController, onHeard: () => void): Promise<void> {
  const headers = {
    authorization: `Bearer ${apiKey}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": PROTOCOL,
  };
  const post = async (body: unknown, sessionId?: string) => {
    const response = await fetch(`${baseUrl}/api/mcp`, {
      method: "POST",
      headers: { ...headers, ...(sessionId ? { "mcp-session-id": sessionId } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`MCP ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    return response;
  };
  const init = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: "bench", version: "1" } },
  });
  const sessionId = init.headers.get("mcp-session-id")!;
  await post({ jsonrpc: "2.0", id: 2, method: "resources/subscribe", params: { uri } }, sessionId);
  const stream = await fetch(`${baseUrl}/api/mcp`, { headers: { ...headers, "mcp-session-id": sessionId }, signal: abort.signal });
  if (stream.status !== 200) throw new Error(`stream refused: ${stream.status} ${await stream.text()}`);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (let at = value.indexOf("notifications/resources/updated"); at >= 0; at = value.indexOf("notifications/resources/updated", at + 1)) onHeard();
      }
    } catch {
      // aborted at the end
    }
  })();
}

const summary = (times: number[]) => ({ p50: ms(quantile(times, 0.5)), p95: ms(quantile(times, 0.95)), max: ms(Math.max(...times)), samples: times.length });

async function main() {
  const { ensureBuild } = await import("../scripts/ensure-build");
  await ensureBuild({ log });
  log("creating and seeding a fresh database");
  const database = await createBenchDatabase();
  const aborts: AbortController[] = [];
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    const authSecret = randomBytes(32).toString("base64url");
    const fixtures = await seedFixtures(database.url, authSecret, 1);
    const [board] = fixtures.patchSnaps;
    app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: authSecret, LIVE_MAX_STREAMS_PER_USER: String(STREAMS) });
    const { baseUrl } = app;
    const uri = `snap-board://snaps/${board!.snapId}`;

    log(`opening ${STREAMS} subscribed 2025 streams`);
    let heard = 0;
    for (let opened = 0; opened < STREAMS; opened += OPEN_WAVE) {
      const wave = Array.from({ length: Math.min(OPEN_WAVE, STREAMS - opened) }, () => {
        const abort = new AbortController();
        aborts.push(abort);
        return openSubscribedStream(baseUrl, fixtures.apiKey, uri, abort, () => heard++);
      });
      await Promise.all(wave);
    }
    await sleep(1_000);
    const idle = await (async () => {
      const until = performance.now() + IDLE_MS;
      return healthSamples(baseUrl, () => performance.now() >= until);
    })();

    log(`${EDITS} card edits`);
    const cpuBefore = cpuTimeMs(app.pid);
    const started = performance.now();
    let lastHeardAt = 0;
    const expected = STREAMS * EDITS;
    let editsDone = false;
    const editing = (async () => {
      for (let edit = 0; edit < EDITS; edit++) {
        const response = await fetch(`${baseUrl}/api/snaps/cards/${board!.cardIds[edit % board!.cardIds.length]}`, {
          method: "PATCH",
          headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ title: `edit ${edit}` }),
        });
        if (response.status !== 200) throw new Error(`edit ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
      }
      editsDone = true;
    })();
    const during = await healthSamples(baseUrl, () => {
      if (heard >= expected && lastHeardAt === 0) lastHeardAt = performance.now();
      return (editsDone && heard >= expected) || performance.now() - started > HEARD_TIMEOUT_MS;
    });
    await editing;
    const cpuMs = cpuTimeMs(app.pid) - cpuBefore;

    console.log(
      JSON.stringify(
        {
          machine: { cpus: cpus().length, loadavg: loadavg().map((value) => ms(value)) },
          streams: STREAMS,
          edits: EDITS,
          healthMs: { streamsIdle: summary(idle), duringEdits: summary(during) },
          allHeardMs: lastHeardAt ? Math.round(lastHeardAt - started) : null,
          notifications: { heard, expected },
          serverCpuMsOverEdits: Math.round(cpuMs),
        },
        null,
        2,
      ),
    );
    if (heard < expected) process.exitCode = 1;
  } finally {
    aborts.forEach((abort) => abort.abort());
    await app?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
