import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

/**
 * The MCP board-change feed (lib/mcp/board-change-feed.ts) of a fresh instance: a subscription is
 * acknowledged after `listening()`, so a change notified right after it must arrive. Its LISTEN
 * connects when first asked for; before `listening()` waited for it, the first subscriber of an
 * instance missed a change written at once.
 */
describe("the MCP board-change feed", () => {
  const databaseUrlBefore = process.env.DATABASE_URL;
  let stop = () => {};
  afterAll(() => {
    stop();
    // The worker's next files see the environment they were started with (the embedded database's tests among them).
    if (databaseUrlBefore === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = databaseUrlBefore;
  });

  it("listens once listening() resolves: a change notified at once reaches a subscriber", async () => {
    // The feed's LISTEN connects to the app's configured database (lib/config.ts): this run's.
    process.env.DATABASE_URL = inject("databaseUrl");
    const { boardChangeFeed, endMcpStreamsForStop } = await import("../../lib/mcp/board-change-feed");
    stop = endMcpStreamsForStop;
    // Connected first, so that the change follows the acknowledgement at once.
    const notifier = new pg.Client({ connectionString: inject("databaseUrl") });
    await notifier.connect();
    try {
      const feed = boardChangeFeed();
      await feed.listening();
      const heard = new Promise<string>((resolve) => feed.add((snapId) => resolve(snapId)));
      // A deletion: its delivery reads nothing from the database.
      await notifier.query("SELECT pg_notify('snap_events', 'cm-feed-test:deleted')");
      expect(await heard).toBe("cm-feed-test");
    } finally {
      await notifier.end();
    }
  });
});
