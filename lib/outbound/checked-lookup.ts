import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isForbiddenAddress } from "./forbidden-addresses";

/**
 * The address the socket connects to is the one checked: resolving here (not before) leaves no
 * gap for DNS to answer differently between the check and the connection.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as LookupAddress[];
    const bad = list.find(({ address }) => isForbiddenAddress(address));
    if (bad) return callback(Object.assign(new Error(`${hostname} resolves to a refused address (${bad.address})`), { code: "EFORBIDDEN" }), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
    callback(null, first.address, first.family);
  });
};
