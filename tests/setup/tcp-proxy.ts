import { once } from "node:events";
import net from "node:net";

/**
 * A TCP proxy owned by a test, between an app instance and PostgreSQL, to simulate the database
 * going away without stopping the shared server: `cut()` resets every open connection and refuses
 * new ones (the listener is closed, so a connect gets ECONNREFUSED) until `restore()`;
 * `dropConnections()` resets them and lets new ones through at once.
 */
export interface TcpProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  readonly url: string;
  cut(): void;
  /** Resets every open connection but keeps accepting new ones: every backend ended at once, as a failover does. */
  dropConnections(): void;
  /**
   * `dropConnections()` `times` times, `everyMs` apart, the first at once: a failover that flaps.
   * Resolves after the last.
   */
  flap(times: number, everyMs: number): Promise<void>;
  /** Cuts everything at the moment a client sends bytes containing `marker` (the bytes are dropped). */
  cutOnClientBytes(marker: string): Promise<void>;
  /**
   * Cuts everything at the moment the server answers with bytes containing `marker` (the bytes are
   * dropped): the server did the work, the client never hears of it.
   */
  cutOnServerBytes(marker: string): Promise<void>;
  restore(): Promise<void>;
  readonly cuts: number;
  close(): Promise<void>;
}

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<net.Socket>();
  let trigger: { marker: string; fired: () => void } | null = null;
  let serverTrigger: { marker: string; fired: () => void } | null = null;
  let cuts = 0;

  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {}); // a reset is what this proxy is for
    }
    client.on("data", (chunk: Buffer) => {
      if (trigger && chunk.includes(trigger.marker)) {
        const { fired } = trigger;
        trigger = null;
        cut();
        fired();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (serverTrigger && chunk.includes(serverTrigger.marker)) {
        const { fired } = serverTrigger;
        serverTrigger = null;
        cut();
        fired();
        return;
      }
      client.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });

  function dropAll(): void {
    if (server.listening) server.close();
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  }

  function dropConnections(): void {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  }

  function cut(): void {
    cuts++;
    dropAll();
  }

  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as net.AddressInfo).port;
  const proxied = new URL(databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(port);

  return {
    url: proxied.toString(),
    get cuts() {
      return cuts;
    },
    cut,
    dropConnections,
    flap(times, everyMs) {
      return new Promise((resolve) => {
        let dropped = 0;
        const drop = () => {
          dropConnections();
          if (++dropped === times) {
            clearInterval(timer);
            resolve();
          }
        };
        const timer = setInterval(drop, everyMs);
        drop();
      });
    },
    cutOnClientBytes(marker) {
      return new Promise((resolve) => (trigger = { marker, fired: resolve }));
    },
    cutOnServerBytes(marker) {
      return new Promise((resolve) => (serverTrigger = { marker, fired: resolve }));
    },
    async restore() {
      if (server.listening) return;
      server.listen(port, "127.0.0.1");
      await once(server, "listening");
    },
    async close() {
      trigger = null;
      serverTrigger = null;
      dropAll();
    },
  };
}
