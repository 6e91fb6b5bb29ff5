import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Principal } from "../../lib/request/principal";

/**
 * The MCP board-change feed (lib/mcp/board-change-feed.ts) of a fresh instance, on a real database:
 * a subscription is acknowledged after `listening()`, so a change notified right after it must
 * arrive; and a change costs the same statements whatever the number of streams it reaches.
 */
describe("the MCP board-change feed", () => {
  const databaseUrlBefore = process.env.DATABASE_URL;
  let stop = () => {};
  const notifier = () => new pg.Client({ connectionString: inject("databaseUrl") });
  afterAll(() => {
    stop();
    // The worker's next files see the environment they were started with (the embedded database's tests among them).
    if (databaseUrlBefore === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = databaseUrlBefore;
  });

  async function loadFeed() {
    // The feed's LISTEN connects to the app's configured database (lib/config.ts): this run's.
    process.env.DATABASE_URL = inject("databaseUrl");
    const feedModule = await import("../../lib/mcp/board-change-feed");
    stop = feedModule.endMcpStreamsForStop;
    return feedModule;
  }

  it("listens once listening() resolves: a change notified at once reaches a subscriber", async () => {
    const { boardChangeFeed } = await loadFeed();
    // Connected first, so that the change follows the acknowledgement at once.
    const client = notifier();
    await client.connect();
    try {
      const feed = boardChangeFeed();
      await feed.listening();
      const principal: Principal = { userId: "u-feed-test", workspaceId: "w-feed-test", role: "member", via: "apiKey", apiKeyId: "k-feed-test" };
      const heard = new Promise<string>((resolve) => feed.add({ principal, tell: resolve, end: () => {} }));
      // A deletion: its delivery reads nothing from the database.
      await client.query("SELECT pg_notify('snap_events', 'cm-feed-test:deleted')");
      expect(await heard).toBe("cm-feed-test");
    } finally {
      await client.end();
    }
  });

  /**
   * 2025 notification streams (GET /api/mcp), each of its own user and session, all watching one
   * board: the statements this process sends from the change's NOTIFY until every stream has been
   * told. It was one per stream (each read its session), which took the pool from every other
   * request once a thousand were open.
   */
  async function statementsToTell(streamCount: number): Promise<number> {
    await loadFeed();
    const { openLegacyNotificationStream } = await import("../../lib/mcp/legacy-subscriptions");
    const run = randomBytes(6).toString("hex");
    const snapId = `cm-fanout-${run}`;
    const client = notifier();
    await client.connect();
    const aborts: AbortController[] = [];
    try {
      const principals: Principal[] = Array.from({ length: streamCount }, (_, index) => ({
        userId: `u-${run}-${index}`,
        workspaceId: `w-${run}`,
        role: "member",
        via: "apiKey",
        apiKeyId: `k-${run}-${index}`,
      }));
      for (const [index, principal] of principals.entries()) {
        await client.query(`INSERT INTO "McpSession" (id, "userId", owner, "snapIds", "expiresAt") VALUES ($1, $2, $3, ARRAY[$4], now() + interval '1 hour')`, [
          `s-${run}-${index}`,
          principal.userId,
          `key:${principal.apiKeyId}`,
          snapId,
        ]);
      }
      const told = await Promise.all(
        principals.map(async (principal, index) => {
          const abort = new AbortController();
          aborts.push(abort);
          const response = await openLegacyNotificationStream(principal, `s-${run}-${index}`, abort.signal);
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          return async () => {
            for (let text = ""; !text.includes("notifications/resources/updated");) {
              const { value, done } = await reader.read();
              if (done) throw new Error("the stream ended");
              text += value;
            }
          };
        }),
      );

      let statements = 0;
      const query = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        if (this !== client) statements++;
        return (query as (...args: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        // A deletion reads no access facts: what is left is what the streams cost.
        await client.query(`SELECT pg_notify('snap_events', $1)`, [`${snapId}:deleted`]);
        await Promise.all(told.map((waitForIt) => waitForIt()));
      } finally {
        pg.Client.prototype.query = query;
      }
      return statements;
    } finally {
      aborts.forEach((abort) => abort.abort());
      await client.end();
    }
  }

  it("tells every 2025 stream of a change with the same statements for one stream or forty", async () => {
    const forOne = await statementsToTell(1);
    const forForty = await statementsToTell(40);
    expect(forOne).toBeLessThanOrEqual(1);
    expect(forForty).toBe(forOne);
  });
});
