/**
 * The webhooks' endpoints: a real HTTP server on loopback that counts each event id (`webhook-id`)
 * per path. A path can be held: its requests are answered only when released (deliveries then sit
 * in flight in the workers, as a slow receiver keeps them, when an instance is killed).
 */
import { once } from "node:events";
import { createServer } from "node:http";

export class WebhookReceiver {
  readonly received = new Map<string, Map<string, number>>();
  private readonly held = new Set<string>();
  private readonly waiting: (() => void)[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const path = request.url ?? "/";
      for (const arrived of this.arrivals) arrived();
      const id = String(request.headers["webhook-id"] ?? "");
      // Counted when answered: a delivery whose sender died while it was held was never delivered.
      const deliver = () => {
        if (response.destroyed) return;
        response.writeHead(200).end("ok");
        const counts = this.received.get(path) ?? new Map<string, number>();
        this.received.set(path, counts);
        counts.set(id, (counts.get(id) ?? 0) + 1);
        for (const waiter of this.waiters) waiter();
      };
      if (this.held.has(path)) {
        this.waiting.push(deliver);
        for (const waiter of this.waiters) waiter();
      } else deliver();
    });
  });
  url = "";

  async start(): Promise<this> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    const address = this.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  /** Resolves at the next request that arrives, answered or held. */
  waitForArrival(): Promise<void> {
    return new Promise((resolve) => {
      const arrived = () => {
        this.arrivals.delete(arrived);
        resolve();
      };
      this.arrivals.add(arrived);
    });
  }

  private readonly arrivals = new Set<() => void>();

  hold(path: string): void {
    this.held.add(path);
  }

  release(path: string): void {
    this.held.delete(path);
    for (const deliver of this.waiting.splice(0)) deliver();
  }

  /** Held requests now waiting for an answer. */
  get heldCount(): number {
    return this.waiting.length;
  }

  count(path: string, eventId: string): number {
    return this.received.get(path)?.get(eventId) ?? 0;
  }

  waitFor(condition: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`webhooks: timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  async stop(): Promise<void> {
    this.release("*");
    this.server.closeAllConnections();
    this.server.close();
  }
}
