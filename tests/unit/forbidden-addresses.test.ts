import { describe, expect, it } from "vitest";
import { isForbiddenAddress } from "@/lib/outbound/forbidden-addresses";

/**
 * Every range of the IANA IPv4 and IPv6 Special-Purpose Address Registries (and multicast, the
 * deprecated IPv4-compatible and site-local ranges), written out here independently of the guard's
 * own list: each row gives the range's first address, one inside it and its last address.
 */
const IPV4_SPECIAL = [
  ["0.0.0.0/8 this network", "0.0.0.0", "0.1.2.3", "0.255.255.255"],
  ["10.0.0.0/8 private", "10.0.0.0", "10.20.30.40", "10.255.255.255"],
  ["100.64.0.0/10 shared address space", "100.64.0.0", "100.100.100.200", "100.127.255.255"],
  ["127.0.0.0/8 loopback", "127.0.0.0", "127.0.0.1", "127.255.255.255"],
  ["169.254.0.0/16 link-local", "169.254.0.0", "169.254.169.254", "169.254.255.255"],
  ["172.16.0.0/12 private", "172.16.0.0", "172.20.1.1", "172.31.255.255"],
  ["192.0.0.0/24 IETF protocol assignments", "192.0.0.0", "192.0.0.170", "192.0.0.255"],
  ["192.0.0.0/29 IPv4 service continuity", "192.0.0.0", "192.0.0.4", "192.0.0.7"],
  ["192.0.0.8/32 dummy address", "192.0.0.8", "192.0.0.8", "192.0.0.8"],
  ["192.0.0.9/32 PCP anycast", "192.0.0.9", "192.0.0.9", "192.0.0.9"],
  ["192.0.0.10/32 TURN anycast", "192.0.0.10", "192.0.0.10", "192.0.0.10"],
  ["192.0.0.170/32 NAT64/DNS64 discovery", "192.0.0.170", "192.0.0.171", "192.0.0.171"],
  ["192.0.2.0/24 documentation", "192.0.2.0", "192.0.2.1", "192.0.2.255"],
  ["192.31.196.0/24 AS112-v4", "192.31.196.0", "192.31.196.1", "192.31.196.255"],
  ["192.52.193.0/24 AMT", "192.52.193.0", "192.52.193.1", "192.52.193.255"],
  ["192.88.99.0/24 deprecated 6to4 relay anycast", "192.88.99.0", "192.88.99.1", "192.88.99.255"],
  ["192.168.0.0/16 private", "192.168.0.0", "192.168.1.1", "192.168.255.255"],
  ["192.175.48.0/24 direct delegation AS112", "192.175.48.0", "192.175.48.1", "192.175.48.255"],
  ["198.18.0.0/15 benchmarking", "198.18.0.0", "198.19.1.1", "198.19.255.255"],
  ["198.51.100.0/24 documentation", "198.51.100.0", "198.51.100.7", "198.51.100.255"],
  ["203.0.113.0/24 documentation", "203.0.113.0", "203.0.113.9", "203.0.113.255"],
  ["224.0.0.0/4 multicast", "224.0.0.0", "239.1.2.3", "239.255.255.255"],
  ["240.0.0.0/4 reserved", "240.0.0.0", "250.1.2.3", "255.255.255.254"],
  ["255.255.255.255/32 limited broadcast", "255.255.255.255", "255.255.255.255", "255.255.255.255"],
] as const;

const IPV6_SPECIAL = [
  ["::1/128 loopback", "::1", "::1", "::1"],
  ["::/128 unspecified", "::", "::", "::"],
  ["::/96 IPv4-compatible (deprecated)", "::7f00:1", "::a9fe:a9fe", "::ffff:ffff"],
  ["::ffff:0:0/96 IPv4-mapped of a special IPv4", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe"],
  ["64:ff9b::/96 IPv4/IPv6 translation", "64:ff9b::", "64:ff9b::808:808", "64:ff9b::ffff:ffff"],
  ["64:ff9b:1::/48 local-use translation", "64:ff9b:1::", "64:ff9b:1::a9fe:a9fe", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"],
  ["100::/64 discard-only", "100::", "100::1", "100::ffff:ffff:ffff:ffff"],
  ["100:0:0:1::/64 dummy prefix", "100:0:0:1::", "100:0:0:1::1", "100:0:0:1:ffff:ffff:ffff:ffff"],
  ["2001::/23 IETF protocol assignments", "2001::", "2001:1::1", "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2001::/32 Teredo", "2001::", "2001::1", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2001:1::1/128 port control anycast", "2001:1::1", "2001:1::2", "2001:1::3"],
  ["2001:2::/48 benchmarking", "2001:2::", "2001:2::1", "2001:2:0:ffff:ffff:ffff:ffff:ffff"],
  ["2001:3::/32 AMT", "2001:3::", "2001:3::1", "2001:3:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2001:4:112::/48 AS112-v6", "2001:4:112::", "2001:4:112::1", "2001:4:112:ffff:ffff:ffff:ffff:ffff"],
  ["2001:10::/28 ORCHID (deprecated)", "2001:10::", "2001:10::1", "2001:1f:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2001:20::/28 ORCHIDv2", "2001:20::", "2001:20::1", "2001:2f:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2001:30::/28 DRIP entity tags", "2001:30::", "2001:30::1", "2001:3f:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2001:db8::/32 documentation", "2001:db8::", "2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2002::/16 6to4", "2002::", "2002:7f00:1::1", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["2002::/16 6to4 of metadata", "2002:a9fe:a9fe::1", "2002:a9fe:a9fe::", "2002:a9fe:a9fe:ffff::1"],
  ["2620:4f:8000::/48 direct delegation AS112", "2620:4f:8000::", "2620:4f:8000::1", "2620:4f:8000:ffff:ffff:ffff:ffff:ffff"],
  ["3fff::/20 documentation", "3fff::", "3fff::1", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["5f00::/16 segment routing SIDs", "5f00::", "5f00::1", "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["fc00::/7 unique local", "fc00::", "fd00:ec2::254", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["fe80::/10 link-local", "fe80::", "fe80::1", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["fec0::/10 site-local (deprecated)", "fec0::", "fec0::1", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  ["ff00::/8 multicast", "ff00::", "ff02::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
] as const;

describe("the outbound address guard refuses every special-purpose range", () => {
  it.each([...IPV4_SPECIAL, ...IPV6_SPECIAL])("%s", (_range, first, inside, last) => {
    for (const address of [first, inside, last]) expect({ address, forbidden: isForbiddenAddress(address) }).toEqual({ address, forbidden: true });
  });

  it.each([
    ["just past 172.16.0.0/12", "172.32.0.1"],
    ["just past 100.64.0.0/10", "100.128.0.1"],
    ["a public IPv4", "8.8.8.8"],
    ["just past 192.0.0.0/24", "192.0.1.1"],
    ["just past 198.18.0.0/15", "198.20.0.1"],
    ["a public IPv6", "2606:4700::1111"],
    ["global unicast just past 2001::/23", "2001:200::1"],
    ["IPv4-mapped public address", "::ffff:8.8.8.8"],
  ])("allows %s (%s)", (_label, address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});
