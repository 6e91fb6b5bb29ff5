/**
 * GET /metrics: off without METRICS_TOKEN; with it, only the token reads it; Prometheus text with
 * request counts and durations by route pattern (never an id), process and event-loop figures, the
 * database pool, open event streams, rate-limit refusals and the background job queue.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { sql } from "./fixtures";
import { api, baseUrl, createKey, databaseUrl, signUp } from "./helpers";
import { openEventStream } from "./live-helpers";

const TOKEN = randomBytes(24).toString("base64url");
const FAILED_AUTH_LIMIT = 3;
// Failed-authentication counters are shared by every instance on the database, and other files fail
// authentications from 127.0.0.1 by the hundred: this file's requests come from addresses of its own.
const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;
const ownIp = randomIp();
const onServer = (server: AppServer, options: Parameters<typeof api>[2] = {}) => ({
  ...options,
  headers: { "x-forwarded-for": ownIp, ...options.headers },
  baseUrl: server.baseUrl,
});

/** The value of one series in Prometheus text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer({
      databaseUrl,
      authSecret: inject("authSecret"),
      env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_FAILED_AUTH_PER_IP: String(FAILED_AUTH_LIMIT) },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization } });
    return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
  };

  it("is not there without METRICS_TOKEN", async () => {
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/metrics`, { headers: { authorization: "Bearer anything" } })).status).toBe(404);
  });

  it("answers only the token: none, a wrong one and a user's API key get 401", async () => {
    const key = await createKey(await signUp("metrics"));
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Bearer ${key}`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("counts requests by route pattern, never by raw path", async () => {
    const user = await signUp("metrics-routes");
    const key = await createKey(user);
    const ids = [`missing${randomBytes(6).toString("hex")}`, `missing${randomBytes(6).toString("hex")}`];
    const series = 'http_requests_total{method="GET",route="/api/snaps/[id]",status="404"}';
    const before = sample((await scrape()).text, series) ?? 0;
    for (const id of ids) expect((await api("GET", `/api/snaps/${id}`, onServer(server, { key }))).status).toBe(404);
    const { text } = await scrape();
    expect(sample(text, series)).toBe(before + 2);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/snaps/[id]",status="404"}')).toBe(before + 2);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/snaps/[id]",status="404"}');
    for (const id of ids) expect(text).not.toContain(id);
    // A static route beside a dynamic one is its own pattern, and unknown paths share one label.
    const batch = 'http_requests_total{method="GET",route="/api/snaps/cards/batch",status="405"}';
    const unknown = 'http_requests_total{method="GET",route="/api/[...path]",status="404"}';
    const [batchBefore, unknownBefore] = [sample(text, batch) ?? 0, sample(text, unknown) ?? 0];
    expect((await api("GET", "/api/snaps/cards/batch", onServer(server, { key }))).status).toBe(405);
    expect((await api("GET", `/api/nothing/${ids[0]}`, onServer(server, { key }))).status).toBe(404);
    const after = (await scrape()).text;
    expect(sample(after, batch)).toBe(batchBefore + 1);
    expect(sample(after, unknown)).toBe(unknownBefore + 1);
    expect(after).not.toContain(ids[0]);
  });

  it("reports process, event-loop and database pool figures, open event streams and rate-limit refusals", async () => {
    const user = await signUp("metrics-live");
    const key = await createKey(user);
    const created = await api("POST", "/api/snaps", onServer(server, { key, body: { title: "Metrics" } }));
    expect(created.status).toBe(201);

    const base = (await scrape()).text;
    for (const name of ["process_resident_memory_bytes", "nodejs_eventloop_lag_p99_seconds", "db_pool_connections_in_use", "db_pool_waiting"]) {
      expect(sample(base, name), name).toBeGreaterThanOrEqual(0);
    }
    expect(sample(base, "live_event_streams_open")).toBe(0);
    // One bcrypt compare proved the key; the requests after it on this process cost none.
    const compares = sample(base, "api_key_bcrypt_compares_total");
    expect(compares).toBeGreaterThanOrEqual(1);
    expect((await api("GET", "/api/snaps", onServer(server, { key }))).status).toBe(200);
    expect(sample((await scrape()).text, "api_key_bcrypt_compares_total")).toBe(compares);
    // The key is proven on this instance by the POST above, so the stream skips the address's limits.
    const stream = await openEventStream(created.body.snap.id, { key }, { baseUrl: server.baseUrl });
    try {
      expect(stream.status).toBe(200);
      // The stream joins the hub as it starts, not before its headers: wait for that state.
      await expect.poll(async () => sample((await scrape()).text, "live_event_streams_open"), { timeout: 10_000 }).toBe(1);
    } finally {
      stream.close();
    }
    await expect.poll(async () => sample((await scrape()).text, "live_event_streams_open"), { timeout: 10_000 }).toBe(0);

    // Failed authentications from one address past its limit: each refusal is counted.
    const ip = randomIp();
    const refusedBefore = sample(base, 'rate_limit_refusals_total{route="/api/snaps"}') ?? 0;
    let refused = 0;
    for (let attempt = 0; attempt < FAILED_AUTH_LIMIT + 2; attempt++) {
      const response = await api("GET", "/api/snaps", { key: `${key}x`, headers: { "x-forwarded-for": ip }, baseUrl: server.baseUrl });
      expect([401, 429]).toContain(response.status);
      if (response.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(sample((await scrape()).text, 'rate_limit_refusals_total{route="/api/snaps"}')).toBe(refusedBefore + refused);
  });

  it("reports the job queue (webhook deliveries and the like) by task and state, database-wide", async () => {
    // A task no worker knows stays where the test puts it; its name is this run's own.
    const task = `metrics-probe-${randomBytes(4).toString("hex")}`;
    const series = (state: string) => `job_queue_jobs{task="${task}",state="${state}"}`;
    const { rows } = await sql().query<{ id: string }>(
      `SELECT (graphile_worker.add_job($1, run_at := now() + make_interval(hours => hours))).id
         FROM unnest(ARRAY[0, 0, 1, 0, 0]) AS hours`,
      [task],
    );
    const ids = rows.map((row) => row.id);
    try {
      await sql().query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'metrics-test' WHERE id = $1`, [ids[3]]);
      await sql().query(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts WHERE id = $1`, [ids[4]]);
      const text = (await scrape()).text;
      expect(text).toContain("# TYPE job_queue_jobs gauge");
      expect([series("waiting"), series("scheduled"), series("running"), series("failed")].map((name) => sample(text, name))).toEqual([2, 1, 1, 1]);
    } finally {
      await sql().query(`DELETE FROM graphile_worker._private_jobs WHERE id = ANY($1::bigint[])`, [ids]);
    }
    expect((await scrape()).text).not.toContain(task);
  });
});
