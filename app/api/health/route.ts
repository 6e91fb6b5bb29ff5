import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { checkHealth } from "@/lib/health/check-health";
import { withErrors } from "@/lib/http/route";

export const GET = withErrors(async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.database === "reachable" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
