import "server-only";
import { pool } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { SNAP_PRESENCE_CHANNEL } from "./live-channels";
import type { PresenceMessage } from "./presence-registry";

/** Tells every app instance (this one included) about a presence change; best effort, a failure is logged. */
export function publishPresence(message: PresenceMessage): void {
  pool.query("SELECT pg_notify($1, $2)", [SNAP_PRESENCE_CHANNEL, JSON.stringify(message)]).catch((error: Error) => {
    logger.warn({ err: error }, "live: presence notify failed");
  });
}
