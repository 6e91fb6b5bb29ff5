import { config, type Config } from "@/lib/config";

/**
 * The connection string for what needs a database session of its own: LISTEN/NOTIFY (live updates,
 * the job queue), the job queue's prepared statements, the liveness and migration advisory locks.
 * DATABASE_DIRECT_URL when set (DATABASE_URL then may point at a pooler in transaction mode, which
 * hands each transaction a different server connection), else DATABASE_URL. docs/OPERATIONS.md, "Behind
 * PgBouncer"; docs/SCALING.md.
 */
export function directDatabaseUrl(settings: Pick<Config, "DATABASE_URL" | "DATABASE_DIRECT_URL"> = config()): string | undefined {
  return settings.DATABASE_DIRECT_URL ?? settings.DATABASE_URL;
}
