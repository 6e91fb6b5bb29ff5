import { getMetrics } from "./metrics-registry";
import { routePatternOf } from "./route-pattern";

/** Counts one answered request and its duration under its route pattern (never the raw path). */
export function recordRequestMetrics(request: Request, status: number, startedAt: number): void {
  const metrics = getMetrics();
  const route = routePatternOf(new URL(request.url).pathname);
  const labels = { method: request.method, route, status: String(status) };
  metrics.requests.inc(labels);
  metrics.duration.observe(labels, (performance.now() - startedAt) / 1000);
  if (status === 429) metrics.rateLimited.inc({ route });
}
