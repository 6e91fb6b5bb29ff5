/**
 * EXPLAIN (ANALYZE, BUFFERS) of scenario f's listing: lib's listWorkspaceSnaps is called in this
 * process, its statements are captured as pg receives them, and each is explained with the same
 * bound values. So the plans are those of the SQL the app really sends.
 */
import pg from "pg";
import type { Principal } from "../lib/request/principal";
import { captureStatements } from "./capture-sql";

export interface ListingPlan {
  statement: string;
  plan: string;
  executionMs: number;
}

export interface ListingPlans {
  /** The page query and the total, as the app sends them. */
  plans: ListingPlan[];
  /** listWorkspaceSnaps called in-process (no HTTP, no framework): median of `samples` calls, in ms. */
  libMedianMs: number;
  returned: number;
  total: number;
}

/** DATABASE_URL must already name the bench database: lib/db/client reads it when first imported. */
export async function explainListing(url: string, principal: Principal, search: string, samples = 30): Promise<ListingPlans> {
  const { listWorkspaceSnaps } = await import("../lib/snaps/list-workspace-snaps");
  const { workspaceSnapsQuerySchema } = await import("../lib/snaps/snap-schemas");
  const query = workspaceSnapsQuerySchema.parse({ search });

  const { result, statements } = await captureStatements(() => listWorkspaceSnaps(principal, query));
  const timings: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await listWorkspaceSnaps(principal, query);
    timings.push(performance.now() - started);
  }
  timings.sort((x, y) => x - y);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans: ListingPlan[] = [];
    for (const { text, values } of statements) {
      const explain = `EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${text}`;
      await client.query(explain, values); // once to warm the cache, as under load
      const { rows } = await client.query<{ "QUERY PLAN": string }>(explain, values);
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      plans.push({ statement: text.replace(/\s+/g, " ").trim(), plan, executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? NaN) });
    }
    return { plans, libMedianMs: timings[Math.floor(timings.length / 2)] ?? NaN, returned: result.snaps.length, total: result.pagination.total };
  } finally {
    await client.end();
  }
}
