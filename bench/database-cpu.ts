/**
 * CPU time of the PostgreSQL backends serving the bench database (same machine, read from /proc),
 * so that the database's share of a request's work is reported next to the server's: b builds
 * about 30 KB of JSON in SQL for each uncached read, which costs the database, not the app.
 * Client backends only: an autovacuum worker on the bench database works off the dead rows of
 * whichever scenario wrote before (e's inserts, in d's or f's slice of the interleaved rounds), so
 * counting it would charge one scenario with work another caused.
 */
import pg from "pg";
import { cpuTimeMs } from "./server";

export interface DatabaseCpuMeter {
  /** CPU ms so far of each backend connected to the database (the meter's own excluded). */
  sample(): Promise<Map<number, number>>;
  close(): Promise<void>;
}

export async function databaseCpuMeter(url: string): Promise<DatabaseCpuMeter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on("error", () => {}); // the bench drops its database at the end, with the meter possibly still connected
  return {
    async sample() {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      return new Map(rows.map(({ pid }) => [pid, cpuTimeMs(pid)]));
    },
    close: () => client.end(),
  };
}

/**
 * CPU ms spent between two samples: backends in both count their difference, backends that
 * connected in between count in full; one that disconnected in between is lost (the pools keep
 * their connections while under load, so that is rare).
 */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}
