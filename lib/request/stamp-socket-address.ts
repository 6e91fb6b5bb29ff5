import http from "node:http";

/**
 * The header that carries the TCP peer's address to route handlers, which Next gives no socket.
 * Written by the server for every request (a value the client sent under this name is replaced),
 * and read by clientIp when no proxy is trusted (docs/API.md, "Rate limits").
 */
export const SOCKET_ADDRESS_HEADER = "x-snap-socket-address";

const INSTALLED = Symbol.for("snap.socketAddressStamp");

/** Whether this process stamps requests, so that the header can be believed. */
export function socketAddressStamped(): boolean {
  return (globalThis as Record<symbol, unknown>)[INSTALLED] === true;
}

/**
 * Makes every Node HTTP server of this process write the socket's address into
 * SOCKET_ADDRESS_HEADER before any listener sees the request. Next's own handling only fills
 * X-Forwarded-For when the client sent none, so without this a client would choose its address.
 */
export function stampSocketAddress(): void {
  const registry = globalThis as Record<symbol, unknown>;
  if (registry[INSTALLED]) return;
  registry[INSTALLED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "";
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
