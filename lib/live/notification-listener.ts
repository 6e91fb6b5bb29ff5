import "server-only";
import pg from "pg";
import { directDatabaseUrl } from "@/lib/db/direct-database-url";
import { logger } from "@/lib/log/logger";
import { reportDatabaseReachable } from "@/lib/log/report-database-reachable";

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

export interface NotificationListenerOptions {
  channels: readonly string[];
  onNotification: (channel: string, payload: string) => void;
  /**
   * Each time LISTEN is (again) in place: notifications sent while it was not were lost, so
   * whoever relies on them catches up from the database.
   */
  onListening: () => void;
}

/**
 * The one LISTEN connection of an app instance: a dedicated pg.Client, not a pool connection (a
 * pooled one would be handed to other queries and its LISTEN lost), on DATABASE_DIRECT_URL when set
 * (a pooler in transaction mode cannot hold a LISTEN). When it drops (database
 * restart, network, pg_terminate_backend) it reconnects with exponential backoff, forever, and
 * calls onListening once listening again.
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private backoff = MIN_BACKOFF_MS;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly options: NotificationListenerOptions) {}

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    void this.client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: directDatabaseUrl(), keepAlive: true });
    this.client = client;
    let failed = false;
    const fail = (error: Error) => {
      if (failed || this.stopped) return;
      failed = true;
      logger.warn({ component: "live", err: error, retryInMs: this.backoff }, "live: LISTEN connection lost; reconnecting");
      void client.end().catch(() => {});
      this.retry = setTimeout(() => void this.connect(), this.backoff);
      this.retry.unref();
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
    };
    client.on("error", fail);
    // pg's own words for a connection lost: a database outage (lib/http/is-database-unavailable.ts).
    client.on("end", () => fail(new Error("Connection terminated unexpectedly")));
    client.on("notification", ({ channel, payload }) => this.options.onNotification(channel, payload ?? ""));
    try {
      await client.connect();
      for (const channel of this.options.channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      fail(error as Error);
      return;
    }
    this.backoff = MIN_BACKOFF_MS;
    reportDatabaseReachable();
    this.options.onListening();
  }
}
