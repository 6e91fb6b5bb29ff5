/**
 * While the database is away, every connection of a process fails, and keeps failing at each retry
 * (pools, LISTEN clients, the job queue's poll): one cause, many lines. This keeps at most one line
 * per cause per OUTAGE_LINE_INTERVAL_MS in a process, the next one saying how many it left out,
 * and reports once when the database answers again (docs/ARCHITECTURE.md, "Logs").
 */
export const OUTAGE_LINE_INTERVAL_MS = 10_000;

interface OutageState {
  /** By cause: when its last line was written, and how many were left out since. */
  causes: Map<string, { writtenAt: number; leftOut: number }>;
  since: number | null;
}

// On globalThis: the server's bundles may load this module more than once; the process has one outage.
const holder = globalThis as typeof globalThis & { snapDatabaseOutage?: OutageState };
const state: OutageState = (holder.snapDatabaseOutage ??= { causes: new Map(), since: null });

/**
 * Whether a line of this cause is written now; `leftOut` is how many of its lines were not since
 * the last one written. Each call marks the database as away (until databaseReachable()).
 */
export function admitOutageLine(cause: string, now = Date.now()): { write: boolean; leftOut: number } {
  state.since ??= now;
  const last = state.causes.get(cause);
  if (last && now - last.writtenAt < OUTAGE_LINE_INTERVAL_MS) {
    last.leftOut++;
    return { write: false, leftOut: 0 };
  }
  state.causes.set(cause, { writtenAt: now, leftOut: 0 });
  return { write: true, leftOut: last?.leftOut ?? 0 };
}

/**
 * A connection was made: if lines about the database being away were logged, the outage is over.
 * Returns what to report once (null when there was no outage), and forgets the causes.
 */
export function databaseReachable(now = Date.now()): { downForMs: number; linesLeftOut: number } | null {
  if (state.since === null) return null;
  const report = { downForMs: now - state.since, linesLeftOut: [...state.causes.values()].reduce((sum, cause) => sum + cause.leftOut, 0) };
  state.since = null;
  state.causes.clear();
  return report;
}
