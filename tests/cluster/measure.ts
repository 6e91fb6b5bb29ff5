/**
 * What the load costs, read from /proc and the database while it runs (docs/SCALING.md takes its
 * figures from here): CPU of the instances' processes and of the database's server processes, and
 * the connections each side holds.
 */
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/** CPU time (ms) of a process and all its descendants, from /proc/<pid>/stat. */
function processTreeCpuMs(rootPids: number[]): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(name), Number(fields[1]));
      cpu.set(Number(name), ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // gone meanwhile
    }
  }
  const roots = new Set(rootPids);
  let total = 0;
  for (const [pid, ms] of cpu) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (roots.has(at)) {
        total += ms;
        break;
      }
    }
  }
  return total;
}

export interface CostSample {
  appCpuMs: number;
  databaseCpuMs: number;
  pooledServerConnections: number;
  databaseConnections: number;
  /** Connections by application_name ("" for those that set none). */
  byApplication: Record<string, number>;
}

/** One reading: the instances' trees, the database's backends (their pids from pg_stat_activity), the pools. */
export async function sampleCost(instancePids: number[], direct: pg.Pool, databaseName: string, pgbouncerPort: number): Promise<CostSample> {
  const { rows } = await direct.query<{ pid: number; application_name: string }>("SELECT pid, application_name FROM pg_stat_activity WHERE datname = $1", [
    databaseName,
  ]);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgbouncerPort}/pgbouncer` });
  admin.on("error", () => {});
  await admin.connect();
  let pooled = 0;
  try {
    const pools = await admin.query<{ database: string; sv_active: string; sv_idle: string; sv_used: string; sv_tested: string; sv_login: string }>(
      "SHOW POOLS",
    );
    for (const pool of pools.rows.filter((row) => row.database === databaseName)) {
      pooled += Number(pool.sv_active) + Number(pool.sv_idle) + Number(pool.sv_used) + Number(pool.sv_tested) + Number(pool.sv_login);
    }
  } finally {
    await admin.end();
  }
  return {
    appCpuMs: processTreeCpuMs(instancePids),
    databaseCpuMs: processTreeCpuMs(rows.map((row) => row.pid)),
    pooledServerConnections: pooled,
    databaseConnections: rows.length,
    byApplication: rows.reduce<Record<string, number>>((counts, row) => {
      const name = row.application_name.replace(/:\d+$/, "");
      counts[name] = (counts[name] ?? 0) + 1;
      return counts;
    }, {}),
  };
}
