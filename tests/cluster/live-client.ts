/**
 * An EventSource-like client of GET /api/snaps/:id/events through the balancer: when the stream ends
 * (an instance drains and sends `retry:`) or breaks (an instance killed), it reconnects after the
 * retry delay with Last-Event-ID, as a browser's EventSource does, and keeps every change id it got.
 */
export class LiveClient {
  readonly changeIds: number[] = [];
  readonly servedBy: string[] = [];
  resets = 0;
  private lastEventId: string | null = null;
  private retryMs = 1_000;
  private stopped = false;
  private abort: AbortController | null = null;
  private readonly waiters = new Set<() => void>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly base: string,
    private readonly snapId: string,
    private readonly key: string,
  ) {}

  start(): void {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort?.abort();
    await this.running;
  }

  /** Drops the connection now: the client reconnects at once, through the balancer, with Last-Event-ID. */
  reconnectNow(): void {
    this.retryNow = true;
    this.abort?.abort();
  }

  private retryNow = false;

  get connections(): number {
    return this.servedBy.length;
  }

  /** Resolves once a change with this id (version) or later was received. */
  waitForVersion(version: number, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if ((this.changeIds.at(-1) ?? 0) < version) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`live: version ${version} not received (last ${this.changeIds.at(-1)})`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves once the stream is connected again after the `count`th connection. */
  waitForConnections(count: number, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.connections < count) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`live: connection ${count} not made (${this.connections})`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  private notify(): void {
    for (const waiter of this.waiters) waiter();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.connectOnce();
      } catch {
        // a broken connection: reconnect as below
      }
      if (this.stopped) break;
      if (this.retryNow) this.retryNow = false;
      else await new Promise((resolve) => setTimeout(resolve, this.retryMs)); // the server's retry: hint, as EventSource honours it
    }
  }

  private async connectOnce(): Promise<void> {
    this.abort = new AbortController();
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, accept: "text/event-stream" };
    if (this.lastEventId) headers["last-event-id"] = this.lastEventId;
    const response = await fetch(`${this.base}/api/snaps/${this.snapId}/events`, { headers, signal: this.abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`live: HTTP ${response.status}`);
    this.servedBy.push(response.headers.get("x-served-by") ?? "?");
    this.notify();
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        this.handle(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  private handle(block: string): void {
    let event = "message";
    let id: string | null = null;
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("id: ")) id = line.slice(4);
      else if (line.startsWith("retry: ")) this.retryMs = Number(line.slice(7));
    }
    if (id !== null) this.lastEventId = id;
    if (event === "change" && id !== null) this.changeIds.push(Number(id));
    if (event === "reset") this.resets += 1;
    this.notify();
  }
}
