import { withErrors } from "@/lib/http/route";
import { authorizeMetricsRequest } from "@/lib/metrics/authorize-metrics-request";
import { getMetrics } from "@/lib/metrics/metrics-registry";

export const dynamic = "force-dynamic";

/** Prometheus text for the people who run the service (off unless METRICS_TOKEN is set). */
export const GET = withErrors(async (request) => {
  authorizeMetricsRequest(request);
  const { registry } = getMetrics();
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
});
