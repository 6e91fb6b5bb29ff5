import "server-only";
import { headers } from "next/headers";
import { publicBaseUrl } from "@/lib/request/public-base-url";

/** `{base}` for a server component: publicBaseUrl of the page's own request. */
export async function pageBaseUrl(): Promise<string> {
  return publicBaseUrl(await pageRequest());
}

/** The page's own request as a Request (its headers, the address stamped into them included), for lib that takes one. */
export async function pageRequest(): Promise<Request> {
  const incoming = await headers();
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost";
  const proto = incoming.get("x-forwarded-proto") ?? "http";
  return new Request(`${proto}://${host}/`, { headers: incoming });
}
