/**
 * The embedded PostgreSQL (lib/db/embedded.ts): a new folder, a restart with the data kept, one
 * server per folder.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../lib/db/embedded";

const TIMEOUT = 120_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, TIMEOUT);

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "snap-embedded-"));
  await chmod(dir, 0o755); // run as root, the server runs as the postgres user, which must reach it
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ dataDir, handleSignals: false });
  cleanups.push(() => server.stop());
  return server;
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it(
    "starts on a new folder, keeps its data across a restart, and serves one folder from one process",
    async () => {
      const dataDir = path.join(await scratchDir(), "postgres");
      let server = await start(dataDir);
      await query(server.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('ü ✓')");
      await expect(startEmbeddedPostgres({ dataDir, handleSignals: false })).rejects.toThrow(/is in use by process \d+/);
      await server.stop();

      server = await start(dataDir);
      expect(await query(server.url, "SELECT note FROM kept")).toEqual([{ note: "ü ✓" }]);
      // Connections need the folder's password: the URL without it is refused.
      const withoutPassword = new URL(server.url);
      withoutPassword.password = "wrong";
      await expect(query(withoutPassword.toString(), "SELECT 1")).rejects.toThrow(/password authentication failed/);
      await server.stop();
    },
    TIMEOUT,
  );
});
