import { once } from "node:events";
import { Agent, request, type ClientRequest } from "node:http";
import type { Socket } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, expect, it } from "vitest";
import { baseUrl } from "./helpers";

const target = new URL(baseUrl);
// One socket, kept: the second request can only reuse the first one's socket or open a new one.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

function get(path: string): Promise<{ status: number; req: ClientRequest; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, req, socket: req.socket as Socket }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The server keeps an idle keep-alive socket past Node's default 5 s (scripts/server-keep-alive.ts):
 * a client that keeps it longer must not race the server closing it. The 6 s wait is the point of
 * the test, not synchronization: it outlasts the default timeout, and a server still on it closes the
 * socket during the wait.
 */
it("keeps an idle keep-alive socket open past 5 s and answers on it", { timeout: 20_000 }, async () => {
  const first = await get("/api/health");
  expect(first.status).toBe(200);
  const closed = once(first.socket, "close").then(() => "closed by the server" as const);
  expect(await Promise.race([closed, delay(6_000).then(() => "still open" as const)])).toBe("still open");

  const second = await get("/api/health");
  expect(second.status).toBe(200);
  expect(second.req.reusedSocket).toBe(true);
  expect(second.socket).toBe(first.socket);
});
