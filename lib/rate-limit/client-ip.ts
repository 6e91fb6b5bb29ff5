import { rateLimitConfig } from "./rate-limit-config";

/**
 * The caller's address for the per-IP limits: the X-Forwarded-For entry TRUSTED_PROXY_HOPS from
 * the right (default 1, the last one). Behind one reverse proxy that is the address the proxy
 * appended; without a proxy, Next writes the socket address there when the client sent none.
 * Served without a proxy, a client can therefore pick its own address: put a proxy in front
 * (README, "Rate limits"). The per-key-prefix and per-email limits do not depend on it.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (!forwarded) return "unknown";
  const hops = forwarded.split(",");
  const entry = hops[Math.max(0, hops.length - Math.max(1, rateLimitConfig().trustedProxyHops))] ?? "";
  const address = entry.trim().replace(/^::ffff:/, "");
  return address || "unknown";
}
