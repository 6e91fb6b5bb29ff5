import "server-only";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook must never connect: every range of the IANA IPv4 and IPv6 Special-Purpose
 * Address Registries (RFC 6890 and its updates), plus multicast and the deprecated ranges that
 * tunnel or embed an IPv4 address (IPv4-compatible ::/96, site-local fec0::/10). Ranges that embed
 * an IPv4 address (6to4 2002::/16, Teredo inside 2001::/23, NAT64 64:ff9b::/96) are refused whole:
 * a receiver on the internet has a native address. The table test in tests/unit names each range.
 */
export const FORBIDDEN_IPV4_RANGES = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata at 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, PCP anycast, TURN anycast)
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.31.196.0", 24], // AS112-v4
  ["192.52.193.0", 24], // AMT
  ["192.88.99.0", 24], // deprecated 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["192.175.48.0", 24], // direct delegation AS112 service
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, 255.255.255.255 (limited broadcast) included
] as const;

export const FORBIDDEN_IPV6_RANGES = [
  ["::", 96], // unspecified ::, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ["64:ff9b::", 96], // IPv4/IPv6 translation (NAT64)
  ["64:ff9b:1::", 48], // local-use IPv4/IPv6 translation
  ["100::", 64], // discard-only
  ["100:0:0:1::", 64], // dummy IPv6 prefix
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, AMT, AS112, ORCHID, DRIP
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["2620:4f:8000::", 48], // direct delegation AS112 service
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing (SRv6) SIDs
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
] as const;

const blocked = new BlockList();
for (const [network, prefix] of FORBIDDEN_IPV4_RANGES) blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of FORBIDDEN_IPV6_RANGES) blocked.addSubnet(network, prefix, "ipv6");

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  // IPv4-mapped (::ffff:0:0/96): the IPv4 address inside decides.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], "ipv4");
  // An IPv4-mapped address in hex form (::ffff:7f00:1) is blocked whole: no one needs it.
  if (/^::ffff:/i.test(address)) return true;
  return blocked.check(address, "ipv6");
}
