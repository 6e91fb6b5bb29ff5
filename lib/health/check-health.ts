import "server-only";
import { db } from "@/lib/db/client";
import { isDraining } from "@/lib/http/draining";
import packageJson from "@/package.json";
import type { Health } from "./health-schemas";

const DATABASE_TIMEOUT_MS = 2_000;

/**
 * What a load balancer polls: the app's version and whether the database answers in time; "draining"
 * once the instance is stopping (lib/http/graceful-shutdown.ts), so that the balancer takes it out.
 */
export async function checkHealth(): Promise<Health> {
  if (isDraining()) return { status: "draining", version: packageJson.version };
  const reachable = await Promise.race([
    db.$queryRaw`SELECT 1`.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(resolve, DATABASE_TIMEOUT_MS, false).unref()),
  ]);
  return { status: reachable ? "ok" : "degraded", version: packageJson.version, database: reachable ? "reachable" : "unreachable" };
}
