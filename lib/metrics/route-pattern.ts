import "server-only";
import { runtime } from "@/lib/config";
import { readFileSync } from "node:fs";
import path from "node:path";

interface RouteEntry {
  page: string;
  regex: string;
}

/** A path no route of the build serves (or the build's route list could not be read). */
export const UNMATCHED_ROUTE = "unmatched";

let routes: { page: string; pattern: RegExp }[] | undefined;

/**
 * The build's routes, as Next matches them: static ones first, then dynamic ones in Next's order of
 * precedence (the routes manifest lists them so), so `/api/snaps/cards/batch` is not `/api/snaps/[id]`.
 */
function loadRoutes(): { page: string; pattern: RegExp }[] {
  try {
    const file = path.join(process.cwd(), runtime.distDir(), "routes-manifest.json");
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { staticRoutes: RouteEntry[]; dynamicRoutes: RouteEntry[] };
    return [...manifest.staticRoutes, ...manifest.dynamicRoutes].map((route) => ({ page: route.page, pattern: new RegExp(route.regex) }));
  } catch {
    return [];
  }
}

/**
 * The route pattern that serves `pathname` (`/api/snaps/[id]`), for metric labels: a label never
 * carries an id or anything else a caller chose, so the number of series stays bounded.
 */
export function routePatternOf(pathname: string): string {
  routes ??= loadRoutes();
  return routes.find((route) => route.pattern.test(pathname))?.page ?? UNMATCHED_ROUTE;
}
