import { checkHealth } from "@/lib/health/check-health";
import { withErrors } from "@/lib/http/route";

export const GET = withErrors(async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.database === "reachable" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
