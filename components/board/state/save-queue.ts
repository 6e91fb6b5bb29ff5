/**
 * Runs save tasks one at a time, in the order they were queued, and counts those not done yet.
 * A task that throws is reported to `onError` and the queue goes on with the next one.
 */
export class SaveQueue {
  private tail: Promise<void> = Promise.resolve();
  private count = 0;

  constructor(private readonly hooks: { onError(error: unknown): void; onDone(): void }) {}

  /** Tasks queued and not finished (the one running included). */
  get running(): number {
    return this.count;
  }

  run(task: () => Promise<void>): void {
    this.count += 1;
    this.tail = this.tail
      .then(task)
      .catch((error: unknown) => this.hooks.onError(error))
      .finally(() => {
        this.count -= 1;
        this.hooks.onDone();
      });
  }
}
