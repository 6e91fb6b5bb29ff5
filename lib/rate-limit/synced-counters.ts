import { logger } from "@/lib/log/logger";
import type { CounterStore } from "./counter-store";

interface LocalCounter {
  /** The shared total as last read back from the store (it includes this instance's synced hits). */
  shared: number;
  /** Hits counted here and not yet sent; `inFlight` of them are being sent now. */
  unsent: number;
  inFlight: number;
  resetAt: number;
}

/**
 * Per-caller counters that cost no round trip on the request path: hits are counted in memory and
 * sent to the shared store in the background (every `syncIntervalMs`, or at once after
 * `syncEveryHits`), with one INCRBY-style call that also reads the shared total back. So an
 * instance sees the others' hits within one sync, and the shared total can overshoot the limit by
 * at most the hits other instances have not sent yet (about `syncEveryHits` each).
 */
export class SyncedCounters {
  private readonly counters = new Map<string, LocalCounter>();
  private timer: NodeJS.Timeout | undefined;
  private lastWarningAt = 0;

  constructor(
    private readonly store: CounterStore,
    private readonly options: { windowMs: number; syncIntervalMs: number; syncEveryHits: number },
  ) {}

  /** Counts one hit unless the key's estimated total already reached `limit`; returns the estimate. */
  hit(key: string, limit: number): { allowed: boolean; count: number; resetAt: number } {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || (now >= counter.resetAt && counter.inFlight === 0)) {
      counter = { shared: 0, unsent: counter?.unsent ?? 0, inFlight: 0, resetAt: now + this.options.windowMs };
      this.counters.set(key, counter);
    }
    const count = counter.shared + counter.unsent;
    if (count >= limit) return { allowed: false, count, resetAt: counter.resetAt };
    counter.unsent += 1;
    if (counter.unsent - counter.inFlight >= this.options.syncEveryHits) void this.sync(key, counter);
    else this.timer ??= setTimeout(() => this.syncAll(), this.options.syncIntervalMs).unref();
    return { allowed: true, count: count + 1, resetAt: counter.resetAt };
  }

  private syncAll(): void {
    this.timer = undefined;
    const now = Date.now();
    for (const [key, counter] of this.counters) {
      if (counter.unsent > counter.inFlight) void this.sync(key, counter);
      else if (counter.inFlight === 0 && now >= counter.resetAt) this.counters.delete(key);
    }
  }

  private async sync(key: string, counter: LocalCounter): Promise<void> {
    if (counter.inFlight > 0) return; // one call in flight per key; the rest goes with the next
    const amount = counter.unsent;
    counter.inFlight = amount;
    try {
      const { count, resetInMs } = await this.store.add(key, amount, this.options.windowMs);
      counter.shared = count;
      counter.resetAt = Date.now() + resetInMs;
      counter.unsent -= amount;
    } catch (error) {
      // The store is unreachable: keep counting locally (this instance's own limit still holds).
      counter.shared += amount;
      counter.unsent -= amount;
      this.warnNowAndThen(error);
    } finally {
      counter.inFlight = 0;
    }
    if (counter.unsent >= this.options.syncEveryHits) void this.sync(key, counter);
    else if (counter.unsent > 0) this.timer ??= setTimeout(() => this.syncAll(), this.options.syncIntervalMs).unref();
  }

  /** A store outage fails every sync: one warning per minute is enough. */
  private warnNowAndThen(error: unknown): void {
    if (Date.now() - this.lastWarningAt < 60_000) return;
    this.lastWarningAt = Date.now();
    logger.warn({ err: error }, "rate-limit counters could not be synced; counting locally");
  }
}
