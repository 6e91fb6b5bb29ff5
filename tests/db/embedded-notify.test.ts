import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../lib/db/embedded";

/** Live updates rely on LISTEN/NOTIFY between connections, which the embedded server's one shared session must route. */
describe("LISTEN/NOTIFY on the embedded database", () => {
  let dir: string;
  let server: EmbeddedPostgres;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "snap-notify-"));
    server = await startEmbeddedPostgres({ dataDir: path.join(dir, "pglite"), handleSignals: false });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => {})));
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function connect(received: string[], name: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    client.on("notification", ({ channel, payload }) => received.push(`${name} ${channel}:${payload}`));
    clients.push(client);
    return client;
  }

  it("delivers a committed notification to the listening connections only, not to the one that sent it", async () => {
    const received: string[] = [];
    const [listener, other, writer] = [await connect(received, "listener"), await connect(received, "other"), await connect(received, "writer")];
    await listener.query("LISTEN snap_events");
    await other.query('LISTEN "snap_presence"');
    await writer.query("BEGIN");
    await writer.query("SELECT pg_notify('snap_events', 's1:2')");
    expect(received).toEqual([]); // not before the commit
    await writer.query("COMMIT");
    await writer.query("SELECT pg_notify('snap_presence', 'p')");
    await expect.poll(() => received.sort()).toEqual(["listener snap_events:s1:2", "other snap_presence:p"]);

    await listener.query("UNLISTEN snap_events");
    await writer.query("SELECT pg_notify('snap_events', 's1:3')");
    await other.query("SELECT 1"); // a round trip after the notify: it would have been routed by now
    expect(received).toHaveLength(2);
  });
});
