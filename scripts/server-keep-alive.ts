/**
 * How long the app server keeps an idle keep-alive connection open (`next start --keepAliveTimeout`).
 * Node's default is 5 s: a client that keeps sockets longer (a load balancer keeps them 60 s, an HTTP
 * client's pool as long as it likes) can send a request on a socket in the instant the server closes
 * it, and gets a reset for a request the server never saw. The server must be the side that waits
 * longer, so 65 s: above the 60 s idle timeout of the common load balancers (docs/CONFIGURATION.md).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The `next start` arguments that set it. */
export function keepAliveArgs(): string[] {
  return ["--keepAliveTimeout", String(KEEP_ALIVE_TIMEOUT_MS)];
}
