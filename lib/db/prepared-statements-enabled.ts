import { config, type Config } from "@/lib/config";

/**
 * Whether the hot reads (lib/db/row-reader.ts) may use named prepared statements on the pool, whose
 * connections must then be sessions of their own. DATABASE_PREPARED_STATEMENTS=true or false says
 * so; auto (the default): on unless DATABASE_DIRECT_URL names another server than DATABASE_URL,
 * which is how a deployment behind a pooler in transaction mode is configured (PgBouncer before 1.21
 * does not carry named statements; docs/OPERATIONS.md, "Behind PgBouncer").
 */
export function preparedStatementsEnabled(settings: Pick<Config, "DATABASE_URL" | "DATABASE_DIRECT_URL" | "DATABASE_PREPARED_STATEMENTS"> = config()): boolean {
  if (settings.DATABASE_PREPARED_STATEMENTS !== "auto") return settings.DATABASE_PREPARED_STATEMENTS === "true";
  return !settings.DATABASE_DIRECT_URL || settings.DATABASE_DIRECT_URL === settings.DATABASE_URL;
}
