import diagnostics from "node:diagnostics_channel";
import type http from "node:http";
import type net from "node:net";

/** The most of a refused body read and thrown away so that its sender sees the answer. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** The longest a refused body is read for after its answer. */
export const DRAIN_MAX_MS = 30_000;

const INSTALLED = Symbol.for("snap.drainAfterAnswer");

interface ResponseFinish {
  request: http.IncomingMessage;
  socket: net.Socket;
}

/**
 * Reads and discards the rest of a request body after its answer went out (docs/SECURITY.md,
 * "Large bodies"). A 413 or a 503 answers before the body is read. Closing the connection then
 * would reset a client still sending, which meets EPIPE and never reads the answer; keeping it
 * with the body unread would leave the next request behind those bytes. So, as nginx's lingering
 * close does, the server reads on, up to DRAIN_MAX_BYTES within DRAIN_MAX_MS: the connection then
 * carries the next request, or closes once the body is in (the client asked for `Connection:
 * close`), or is closed past either bound.
 */
export function drainBodiesAfterAnswer(): void {
  const registry = globalThis as Record<symbol, unknown>;
  if (registry[INSTALLED]) return;
  registry[INSTALLED] = true;
  // Published before Node dumps the body or closes the socket (resOnFinish in lib/_http_server.js).
  diagnostics.subscribe("http.server.response.finish", (message) => {
    const { request, socket } = message as ResponseFinish;
    if (!request.complete && !request.destroyed) drain(request, socket);
  });
}

function drain(request: http.IncomingMessage, socket: net.Socket): void {
  let received = 0;
  const giveUp = setTimeout(() => socket.destroy(), DRAIN_MAX_MS);
  giveUp.unref();
  const bodyIn = new Promise<void>((resolve) => {
    request.once("end", resolve);
    request.once("close", resolve);
  }).then(() => clearTimeout(giveUp));
  // Node closes a `Connection: close` socket once the answer is written: only once the body is in.
  socket.destroySoon = function (this: net.Socket) {
    if (this.writable) this.end();
    const written = this.writableFinished ? Promise.resolve() : new Promise((resolve) => this.once("finish", resolve));
    void Promise.all([written, bodyIn]).then(() => this.destroy());
  };
  // The handler's stream listened for "data" or "readable" (Node 26's toWeb); either keeps the body paused.
  request.removeAllListeners("data");
  request.removeAllListeners("readable");
  request.on("data", (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > DRAIN_MAX_BYTES) socket.destroy();
  });
  request.resume();
}
