import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { Webhook } from "standardwebhooks";

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

/**
 * A real HTTP receiver on loopback. Each path answers the statuses queued for it in turn (then
 * 200), and every request is kept; waitFor resolves when a condition over the requests holds.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly statuses = new Map<string, number[]>();
  private readonly waiters = new Set<() => void>();
  private server?: Server;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const path = request.url ?? "/";
        let json: unknown = null;
        try {
          json = JSON.parse(body);
        } catch {
          // kept as text
        }
        this.requests.push({ path, headers: request.headers, body, json });
        const status = this.statuses.get(path)?.shift() ?? 200;
        response.writeHead(status, { "content-type": "text/plain" }).end(status >= 300 ? `nope ${"x".repeat(500)}` : "ok");
        for (const waiter of this.waiters) waiter();
      });
    });
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    const address = this.server.address();
    if (!address || typeof address === "string") throw new Error("no address");
    this.url = `http://127.0.0.1:${address.port}`;
    return this;
  }

  /** The next answers of a path, in order (200 after them). */
  answer(path: string, ...statuses: number[]): void {
    this.statuses.set(path, [...(this.statuses.get(path) ?? []), ...statuses]);
  }

  to(path: string): ReceivedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /**
   * Resolves once `condition` holds over the requests received (checked at each arrival). The
   * deadline only bounds a hang: it is generous because a wait may span an app instance's start
   * (restart and two-instance tests), which takes tens of seconds on a loaded 2-core machine.
   */
  waitFor(condition: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; got ${this.requests.length} requests`));
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** Verifies a request as a receiver would, with the standardwebhooks library; returns the event. */
export function verifySigned(secret: string, request: ReceivedRequest): any {
  const headers = {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  };
  return new Webhook(secret).verify(request.body, headers);
}
