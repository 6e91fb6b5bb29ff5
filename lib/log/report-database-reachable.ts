import { logger } from "./logger";
import { databaseReachable } from "./outage-lines";

/**
 * Called when a connection to the database is made (a pool's new client, a LISTEN client, the job
 * queue's listener): after lines about the database being away, one line says it is back once it
 * stays so (outage-lines.ts), at their level, so a log read at warnings shows when the outage ended.
 */
export function reportDatabaseReachable(): void {
  databaseReachable((outage) => logger.warn({ component: "database", ...outage }, "database reachable again"));
}
