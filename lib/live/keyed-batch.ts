/**
 * Collects keys for a short window and then hands each over once: a burst of calls for the same
 * key (200 streams joining one snap) becomes one flush. A value per key is merged as calls arrive.
 */
export class KeyedBatch<V> {
  private readonly due = new Map<string, V>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly windowMs: number,
    private readonly merge: (pending: V, next: V) => V,
    private readonly flush: (key: string, value: V) => void,
  ) {}

  add(key: string, value: V): void {
    const pending = this.due.get(key);
    this.due.set(key, pending === undefined ? value : this.merge(pending, value));
    this.timer ??= setTimeout(() => this.flushAll(), this.windowMs);
  }

  private flushAll(): void {
    this.timer = null;
    // Taken out first: a flush may add again, which then opens the next window.
    const due = [...this.due];
    this.due.clear();
    for (const [key, value] of due) this.flush(key, value);
  }
}
