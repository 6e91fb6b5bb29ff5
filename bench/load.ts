/**
 * One scenario under load: autocannon on loopback with a fixed number of connections, a warm-up
 * that is thrown away, then the measured run. Also the server's CPU time during the measured run,
 * which is far less sensitive to a busy machine than requests per second.
 */
import autocannon from "autocannon";
import { cpuTimeMs } from "./server";

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST" | "PATCH";
  headers?: Record<string, string>;
  /** A body per request; `client` is the connection's index (0 … connections-1), `n` counts its requests. */
  body?: (client: number, n: number) => string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** The process whose CPU time is charged to the requests. */
  serverPid: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Server CPU (user + system) per request, in ms. */
  cpuMsPerReq: number;
}

function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  const { url, method = "GET", headers = {}, body, connections } = options;
  let nextClient = 0;
  return autocannon({
    url,
    method,
    headers,
    connections,
    duration: seconds,
    // The bench's own heavy requests (100 cards) take far less than this; a timeout is a failure.
    timeout: 10,
    setupClient: body
      ? (client) => {
          const index = nextClient++;
          let n = 0;
          client.setRequests([
            {
              method,
              headers,
              setupRequest: (request) => ({ ...request, body: body(index, n++) }),
            },
          ]);
        }
      : undefined,
  });
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
  const cpuBefore = cpuTimeMs(options.serverPid);
  const result = await run(options, options.seconds);
  const cpu = cpuTimeMs(options.serverPid) - cpuBefore;
  const requests = result.requests.total;
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerReq: requests > 0 ? cpu / requests : 0,
  };
}
