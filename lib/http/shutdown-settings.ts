import { config } from "@/lib/config";

/**
 * The graceful stop's timing (lib/http/graceful-shutdown.ts), also read by the launcher, which
 * kills the app server only past their sum.
 */

/** How long at most requests in flight get to finish once the listener is closed. */
export const IN_FLIGHT_LIMIT_SECONDS = 20;

/**
 * SHUTDOWN_DRAIN_SECONDS (default 5): how long after a SIGTERM the instance keeps serving while
 * GET /api/health answers 503 "draining", so that a load balancer stops sending it requests before
 * its listener closes. At least the balancer's health-check interval times its fall count.
 */
export function shutdownDrainSeconds(): number {
  return config().SHUTDOWN_DRAIN_SECONDS;
}
