/**
 * While the database is away, every connection of a process fails, and keeps failing at each retry
 * (pools, LISTEN clients, the job queue's poll): one outage, many lines. This folds them into one
 * story per process (docs/ARCHITECTURE.md, "Logs"): the first line of each component is written
 * when the outage starts, every later one is left out, and one line says when the database is back.
 * "Back" means reachable for OUTAGE_SETTLE_MS with no new failure, so that losses in quick
 * succession (a failover's terminated backends, a flapping network) are one outage, not one each.
 */
export const OUTAGE_SETTLE_MS = 5_000;

export interface OutageSummary {
  /** From the first failure to the first reconnection after the last failure. */
  downForMs: number;
  /** How many times connections were lost: a failure after a reconnection is another loss. */
  losses: number;
  /** The lines not written: every component's but the first. */
  linesLeftOut: number;
}

interface OutageState {
  since: number | null;
  /** Components whose line was written in this outage. */
  components: Set<string>;
  losses: number;
  leftOut: number;
  /** The first reconnection after the last failure, while no failure came after it. */
  backAt: number | null;
  settle: NodeJS.Timeout | null;
}

// On globalThis: the server's bundles may load this module more than once; the process has one outage.
const holder = globalThis as typeof globalThis & { snapDatabaseOutage?: OutageState };
const state: OutageState = (holder.snapDatabaseOutage ??= { since: null, components: new Set(), losses: 0, leftOut: 0, backAt: null, settle: null });

function cancelSettle(): void {
  if (state.settle) clearTimeout(state.settle);
  state.settle = null;
}

/** Whether a line about the database being away, from this component, is written (its first in this outage). */
export function admitOutageLine(component: string, now = Date.now()): boolean {
  cancelSettle();
  if (state.since === null) {
    state.since = now;
    state.losses = 1;
  } else if (state.backAt !== null) state.losses++;
  state.backAt = null;
  if (state.components.has(component)) {
    state.leftOut++;
    return false;
  }
  state.components.add(component);
  return true;
}

/** Whether an outage is under way with no sign yet of the database's return. */
export function databaseAwayUnanswered(): boolean {
  return state.since !== null && state.backAt === null;
}

/**
 * A connection was made, or a query answered. During an outage, `report` is called with its summary
 * once the database has stayed reachable for OUTAGE_SETTLE_MS (a new failure first makes it one
 * outage still). Later signs of the same return do not put the report off: a component that
 * answers every second (the job queue's poll) would otherwise keep it from ever being written.
 */
export function databaseReachable(report: (summary: OutageSummary) => void, now = Date.now()): void {
  if (state.since === null || state.backAt !== null) return;
  state.backAt = now;
  cancelSettle();
  state.settle = setTimeout(() => {
    const summary = { downForMs: now - state.since!, losses: state.losses, linesLeftOut: state.leftOut };
    Object.assign(state, { since: null, losses: 0, leftOut: 0, backAt: null, settle: null });
    state.components.clear();
    report(summary);
  }, OUTAGE_SETTLE_MS);
  state.settle.unref();
}
