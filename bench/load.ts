/**
 * Scenarios under load: autocannon on loopback with a fixed number of connections, a warm-up that
 * is thrown away, then the measured run. Several scenarios can be measured interleaved: each run is
 * cut into rounds and every round gives each scenario a slice, so that whatever else the machine
 * does at a given moment falls on all of them alike and their ratios stay meaningful. Latency
 * percentiles come from every 2xx response's time; the server's CPU time during the slices is
 * charged to the requests (far less disturbed by other work on the machine than requests/s).
 */
import autocannon from "autocannon";
import { cpuSpent, type DatabaseCpuMeter } from "./database-cpu";
import { cpuTimeMs } from "./server";

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  /** A body per request; `client` is the connection's index (0 … connections-1), `n` counts its requests. */
  body?: (client: number, n: number) => string;
  /** A path and body per request (the single-write scenarios: bench/write-fixtures.ts); `url` then gives the server. */
  request?: (client: number) => { path: string; body?: string };
  connections: number;
  warmupSeconds: number;
  /** Measured seconds in all (split between the rounds). */
  seconds: number;
  /** The process whose CPU time is charged to the requests. */
  serverPid: number;
  /** The status every answer must have (default: any 2xx); others count as failures (non2xx). */
  expectedStatus?: number;
  /** When given, the database backends' CPU time is charged to the requests too (dbCpuMsPerReq). */
  databaseCpu?: DatabaseCpuMeter;
  /** Runs before each of the scenario's runs, outside the measured time (e.g. to switch an index on or off). */
  prepare?: () => Promise<void>;
  /**
   * Answers the scenario must have in all: when its measured seconds gave fewer (a smoke run's second
   * is shorter than some requests, and autocannon drops what is still in flight when its time is
   * up), the rest are sent after the rounds and waited for, their time counted with the rest.
   */
  atLeast?: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Server CPU (user + system) per request, in ms. */
  cpuMsPerReq: number;
  /** CPU of the database's backends per request, in ms (null without a meter). */
  dbCpuMsPerReq: number | null;
}

interface Tally {
  latencies: number[];
  /** Answers of this slice with another status than expected. */
  unexpected: number;
  requests: number;
  non2xx: number;
  errors: number;
  cpuMs: number;
  dbCpuMs: number | null;
  seconds: number;
}

/** How long a run lasts: measured seconds, or a number of requests that are all waited for. */
type RunLength = { seconds: number } | { requests: number };

async function run(options: LoadOptions, length: RunLength, tally?: Tally): Promise<void> {
  const { url, method = "GET", headers = {}, body, request: perRequest, connections } = options;
  await options.prepare?.();
  let nextClient = 0;
  const dbCpuBefore = tally ? await options.databaseCpu?.sample() : undefined;
  // Without a callback autocannon returns its event emitter, made thenable (the types only say Promise).
  const instance = autocannon({
    url,
    method,
    headers,
    // No more connections than requests: autocannon would send one on each.
    ...("requests" in length ? { amount: length.requests, connections: Math.min(connections, length.requests) } : { duration: length.seconds, connections }),
    // The bench's own heavy requests (100 cards) take far less than this; a timeout is a failure.
    timeout: 10,
    setupClient: perRequest
      ? (client) => {
          const index = nextClient++;
          client.setRequests([{ method, headers, setupRequest: (request) => ({ ...request, ...perRequest(index) }) }]);
        }
      : body
        ? (client) => {
            const index = nextClient++;
            let n = 0;
            client.setRequests([{ method, headers, setupRequest: (request) => ({ ...request, body: body(index, n++) }) }]);
          }
        : undefined,
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  if (tally) {
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      tally.requests += 1;
      const expected = options.expectedStatus ? statusCode === options.expectedStatus : statusCode >= 200 && statusCode < 300;
      if (expected) tally.latencies.push(responseTime);
      else tally.unexpected += 1;
    });
  }
  const cpuBefore = tally ? cpuTimeMs(options.serverPid) : 0;
  const startedAt = performance.now();
  const result = await instance;
  if (tally) {
    tally.cpuMs += cpuTimeMs(options.serverPid) - cpuBefore;
    if (dbCpuBefore && options.databaseCpu) tally.dbCpuMs = (tally.dbCpuMs ?? 0) + cpuSpent(dbCpuBefore, await options.databaseCpu.sample());
    tally.non2xx += tally.unexpected;
    tally.unexpected = 0;
    tally.errors += result.errors + result.timeouts;
    tally.seconds += "seconds" in length ? length.seconds : (performance.now() - startedAt) / 1000;
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]! * 10) / 10;
}

/** Measures `scenarios` interleaved in `rounds` rounds; `afterSlice` runs after each slice (e.g. to sample memory). */
export async function loadInterleaved(
  scenarios: { id: string; options: LoadOptions }[],
  rounds: number,
  afterSlice: (id: string) => void = () => {},
): Promise<Map<string, LoadResult>> {
  const tallies = new Map<string, Tally>(
    scenarios.map(({ id }) => [id, { latencies: [], unexpected: 0, requests: 0, non2xx: 0, errors: 0, cpuMs: 0, dbCpuMs: null, seconds: 0 }]),
  );
  for (const { options } of scenarios) if (options.warmupSeconds > 0) await run(options, { seconds: options.warmupSeconds });
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...scenarios].reverse() : scenarios;
    for (const { id, options } of order) {
      await run(options, { seconds: options.seconds / rounds }, tallies.get(id));
      afterSlice(id);
    }
  }
  for (const { id, options } of scenarios) {
    const tally = tallies.get(id)!;
    const missing = (options.atLeast ?? 0) - tally.requests;
    if (missing > 0) {
      await run(options, { requests: missing }, tally);
      afterSlice(id);
    }
  }
  const results = new Map<string, LoadResult>();
  for (const [id, tally] of tallies) {
    const sorted = tally.latencies.sort((x, y) => x - y);
    results.set(id, {
      reqPerSec: tally.requests / tally.seconds,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      requests: tally.requests,
      non2xx: tally.non2xx,
      errors: tally.errors,
      cpuMsPerReq: tally.requests > 0 ? tally.cpuMs / tally.requests : 0,
      dbCpuMsPerReq: tally.dbCpuMs !== null && tally.requests > 0 ? tally.dbCpuMs / tally.requests : null,
    });
  }
  return results;
}

/** One scenario on its own. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  return (await loadInterleaved([{ id: "only", options }], 1)).get("only")!;
}
