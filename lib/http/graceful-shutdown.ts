import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { logger } from "@/lib/log/logger";
import { startDraining } from "./draining";
import { IN_FLIGHT_LIMIT_SECONDS, shutdownDrainSeconds } from "./shutdown-settings";

interface RequestStart {
  request: IncomingMessage;
  response: ServerResponse;
  server: Server;
}

const installed = globalThis as typeof globalThis & { snapGracefulShutdown?: boolean };

/**
 * The app server's stop on SIGTERM (SIGINT: the same without the drain's wait), installed by instrumentation.ts when the launcher
 * runs `next start` with NEXT_MANUAL_SIG_HANDLE=true (next's own handler would close the listener at
 * once and exit 143):
 * 1. draining: GET /api/health answers 503 "draining" at once, while every request is still served
 *    for SHUTDOWN_DRAIN_SECONDS, long enough for the load balancer's health check to take the
 *    instance out, so that no request reaches a closed port;
 * 2. the listener closes (idle keep-alive connections with it), event streams end with a `retry:`
 *    hint (clients reconnect elsewhere), an in-process job worker finishes or releases its jobs;
 * 3. requests in flight finish (up to IN_FLIGHT_LIMIT_SECONDS, then their connections are cut),
 *    and the process exits 0.
 * The server and its requests are seen through Node's `http.server.request.start` diagnostics
 * channel: next does not hand its server to the app. docs/OPERATIONS.md, "Running on PostgreSQL with several
 * instances"; docs/SCALING.md.
 */
export function installGracefulShutdown(stopServices: () => Promise<void>): void {
  if (installed.snapGracefulShutdown) return;
  installed.snapGracefulShutdown = true;
  const drainSeconds = shutdownDrainSeconds(); // a bad value fails the start, not the stop

  const servers = new Set<Server>();
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  let onIdle = () => {};
  subscribe("http.server.request.start", (message) => {
    const { response, server } = message as RequestStart;
    servers.add(server);
    inFlight.add(response);
    response.once("close", () => {
      inFlight.delete(response);
      if (!stopping) return;
      // A keep-alive connection whose last request just ended is closed now, not after its timeout.
      server.closeIdleConnections();
      if (inFlight.size === 0) onIdle();
    });
  });

  const stop = async (signal: NodeJS.Signals) => {
    startDraining();
    // Ctrl-C is someone at a terminal, not a balancer to wait for: no drain then.
    const waitSeconds = signal === "SIGINT" ? 0 : drainSeconds;
    logger.info({ signal, drainSeconds: waitSeconds }, "shutdown: draining (health answers 503)");
    await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));

    stopping = true;
    for (const server of servers) server.close(); // closes the idle connections too (Node 19+)
    logger.info({ inFlight: inFlight.size }, "shutdown: listener closed; finishing the requests in flight");
    const requestsDone = new Promise<void>((resolve) => {
      onIdle = resolve;
      if (inFlight.size === 0) resolve();
    });
    await stopServices().catch((error: unknown) => logger.error({ err: error }, "shutdown: stopping the services failed"));

    let cut = false;
    const limit = setTimeout(() => {
      cut = true;
      for (const server of servers) server.closeAllConnections();
      onIdle();
    }, IN_FLIGHT_LIMIT_SECONDS * 1000);
    await requestsDone;
    clearTimeout(limit);
    if (cut) logger.warn({ inFlight: inFlight.size }, "shutdown: requests still in flight were cut off");
    logger.info("shutdown: done");
    logger.flush();
    process.exit(0);
  };
  let asked = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (asked) return; // one stop, however many signals (the launcher's and the process group's)
    asked = true;
    void stop(signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
