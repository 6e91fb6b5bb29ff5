/**
 * A least-recently-used map bounded by the bytes of its values rather than by a count, so that its
 * memory stays within a known budget whatever the sizes of the entries. A budget of 0 keeps nothing.
 */
export class ByteBudgetLru<K, V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private used = 0;

  constructor(private readonly budgetBytes: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` (replacing any entry for `key`), then evicts the least recent until within budget. */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.budgetBytes) return; // would evict everything else and still not fit
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }
}
