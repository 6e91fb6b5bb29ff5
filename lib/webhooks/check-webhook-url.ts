import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { privateUrlsAllowed } from "./webhook-config";
import { isForbiddenAddress } from "@/lib/outbound/forbidden-addresses";

/** Why a webhook URL may not be used, or null when it may (docs/SECURITY.md, "Webhooks"). */
export async function webhookUrlProblem(rawUrl: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return "Expected an http(s) URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Expected an http(s) URL";
  if (url.username || url.password) return "The URL must not carry a user name or password";
  if (privateUrlsAllowed()) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isForbiddenAddress(host) ? forbidden(host) : null;
  if (host === "localhost" || host.endsWith(".localhost")) return forbidden(host);
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    // Not resolvable now: accepted, since every send resolves and checks again (and fails if still not).
    return null;
  }
  const bad = addresses.find(({ address }) => isForbiddenAddress(address));
  return bad ? `${forbidden(host)} (it resolves to ${bad.address})` : null;
}

function forbidden(host: string): string {
  return `Webhooks cannot be sent to ${host}: loopback, private, link-local and metadata addresses are refused`;
}
