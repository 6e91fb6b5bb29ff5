import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { bcryptStats } from "@/lib/auth/api-keys/authenticate-api-key";
import { pool } from "@/lib/db/client";
import { openStreamTotal } from "@/lib/live/stream-quota";
import { readJobQueueDepth } from "./read-job-queue-depth";

/**
 * The process's Prometheus metrics (GET /metrics, docs/ARCHITECTURE.md "Metrics"), on globalThis so
 * that every bundle of the server shares one registry. Gauges are read when scraped, not kept.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry }); // process CPU, memory, handles; event-loop lag; GC

  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "http_requests_total", help: "API requests answered, by route pattern.", labelNames, registers: [registry] });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request reaching the route to its answer, by route pattern.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit (request rate, failed authentications, sign-in and sign-up throttling).",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections_in_use",
    help: "Connections of this process's database pool checked out by a query or transaction.",
    registers: [registry],
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: "db_pool_waiting",
    help: "Queries waiting for a connection of this process's database pool.",
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Counter({
    name: "api_key_bcrypt_compares_total",
    help: 'bcrypt compares of API keys by this process: once per key per process (docs/ARCHITECTURE.md, "The path of a request").',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(bcryptStats.compares);
    },
  });
  new Gauge({
    name: "live_event_streams_open",
    help: "Open event streams on this process, every kind together (GET /api/snaps/:id/events, GET /api/notifications/stream).",
    registers: [registry],
    collect() {
      this.set(openStreamTotal());
    },
  });
  // Set by the gate as its state changes (lib/metrics/record-large-body-gate.ts).
  const largeBodyTurns = new Gauge({
    name: "large_body_turns_in_flight",
    help: 'Turns of the large-body gate held on this process, MCP tasks\' work included (docs/SECURITY.md, "Large bodies").',
    registers: [registry],
  });
  const largeBodyWaiting = new Gauge({
    name: "large_body_requests_waiting",
    help: "Requests with a large body waiting for a turn on this process, their bodies unread.",
    registers: [registry],
  });
  new Gauge({
    name: "job_queue_jobs",
    help: "Background jobs queued in the database (webhook fan-out, one per pending webhook delivery, event pruning), by task and state: the same on every instance.",
    labelNames: ["task", "state"] as const,
    registers: [registry],
    async collect() {
      // A scrape while the database is away still answers, without this gauge's series.
      const counts = await readJobQueueDepth().catch(() => []);
      this.reset();
      for (const { task, state, count } of counts) this.set({ task, state }, count);
    },
  });
  return { registry, requests, duration, rateLimited, largeBodyTurns, largeBodyWaiting };
}

const globalForMetrics = globalThis as unknown as { snapMetrics?: ReturnType<typeof createMetrics> };

export function getMetrics(): ReturnType<typeof createMetrics> {
  return (globalForMetrics.snapMetrics ??= createMetrics());
}
