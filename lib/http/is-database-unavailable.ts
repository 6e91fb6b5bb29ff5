/** Connection-level failures: the database is down or unreachable, not a bug in the request. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "P1001", // Prisma: can't reach database server
  "P1002", // Prisma: database server timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
  "DatabaseNotReachable",
]);

/** True when the error (or any error in its cause chain) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== "object") return false;
    const { code, kind, cause } = current as { code?: unknown; kind?: unknown; cause?: unknown };
    if ((typeof code === "string" && UNAVAILABLE_CODES.has(code)) || (typeof kind === "string" && UNAVAILABLE_CODES.has(kind))) return true;
    current = cause;
  }
  return false;
}
