import { checkHealth } from "@/lib/health/check-health";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SYSTEM_OPERATIONS as operations } from "@/lib/operations/system-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.health, async () => {
    const health = await checkHealth();
    return Response.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  }),
);
