import { SOCKET_ADDRESS_HEADER, socketAddressStamped } from "@/lib/request/stamp-socket-address";
import { rateLimitConfig } from "./rate-limit-config";

/**
 * The caller's address for the per-IP limits and the audit log. With TRUSTED_PROXY_HOPS=0 (the
 * default) the TCP peer's address: X-Forwarded-For is the client's to write and is ignored. Behind
 * N proxies that append to X-Forwarded-For, its entry N from the right, the one the nearest trusted
 * proxy wrote (docs/API.md, "Rate limits"). The per-key-prefix and per-email limits do not depend on it.
 */
export function clientIp(request: Request): string {
  const hops = rateLimitConfig().trustedProxyHops;
  if (hops === 0) return socketAddress(request);
  const forwarded = request.headers.get("x-forwarded-for");
  if (!forwarded) return socketAddress(request);
  const entries = forwarded.split(",");
  const entry = entries[Math.max(0, entries.length - hops)] ?? "";
  return normalized(entry) || "unknown";
}

function socketAddress(request: Request): string {
  if (!socketAddressStamped()) return "unknown";
  return normalized(request.headers.get(SOCKET_ADDRESS_HEADER) ?? "") || "unknown";
}

function normalized(address: string): string {
  return address.trim().replace(/^::ffff:/, "");
}
