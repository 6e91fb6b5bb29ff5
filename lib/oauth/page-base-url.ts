import "server-only";
import { headers } from "next/headers";
import { publicBaseUrl } from "@/lib/request/public-base-url";

/** `{base}` for a server component: publicBaseUrl of the page's own request. */
export async function pageBaseUrl(): Promise<string> {
  const incoming = await headers();
  const host = incoming.get("x-forwarded-host") ?? incoming.get("host") ?? "localhost";
  const proto = incoming.get("x-forwarded-proto") ?? "http";
  return publicBaseUrl(new Request(`${proto}://${host}/`, { headers: incoming }));
}
