import { getMetrics } from "./metrics-registry";

/** The large-body gate's state as the gauges show it (lib/http/large-body-gate.ts). */
export function recordLargeBodyGate(inFlight: number, waiting: number): void {
  const metrics = getMetrics();
  metrics.largeBodyTurns.set(inFlight);
  metrics.largeBodyWaiting.set(waiting);
}
