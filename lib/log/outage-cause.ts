import { isDatabaseUnavailable } from "@/lib/errors/is-database-unavailable";

/** Messages of connection failures that come without an error object (the job queue writes some so). */
const CONNECTION_FAILURE_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|Connection terminated|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery)|timeout exceeded when trying to connect/;

/**
 * The component a warning or error line comes from when it is about the database being away (its
 * `component` field, else "database"), else null: the line belongs to the outage's story.
 */
export function outageComponent(first: unknown, second: unknown): string | null {
  const fields = typeof first === "object" && first !== null ? (first as { err?: unknown; error?: unknown; component?: unknown }) : {};
  const message = typeof first === "string" ? first : typeof second === "string" ? second : "";
  const error = fields.err ?? fields.error;
  if (!(error !== undefined && isDatabaseUnavailable(error)) && !CONNECTION_FAILURE_TEXT.test(message)) return null;
  return typeof fields.component === "string" ? fields.component : "database";
}
