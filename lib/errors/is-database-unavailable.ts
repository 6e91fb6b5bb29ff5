/** Connection-level failures: the database is down or unreachable, not a bug in the request. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "P1001", // Prisma: can't reach database server
  "P1002", // Prisma: database server timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
  // @prisma/adapter-pg's kinds for socket errors (its convertDriverError)
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/**
 * pg's own errors for a connection lost or never made; they carry no code, only these messages
 * (pg/lib/client.js, pg-pool). Seen when the server goes away between two statements.
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated unexpectedly|Connection terminated due to connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  /** Prisma's known request errors carry the adapter's error here (e.g. P2010 "Raw query failed"). */
  meta?: { driverAdapterError?: unknown };
}

/** True when the error (or any error in its cause chain) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== "object") return false;
    const { code, kind, message, cause, meta } = current as ErrorLike;
    if ((typeof code === "string" && UNAVAILABLE_CODES.has(code)) || (typeof kind === "string" && UNAVAILABLE_CODES.has(kind))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause ?? meta?.driverAdapterError;
  }
  return false;
}
