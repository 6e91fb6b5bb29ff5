import { config } from "@/lib/config";

/**
 * For tests and local receivers only: lets the server's outbound requests (webhooks, OAuth client
 * ID metadata documents) reach loopback and private addresses, and fetch metadata documents over
 * http. OUTBOUND_ALLOW_PRIVATE_URLS, or its older name WEBHOOK_ALLOW_PRIVATE_URLS.
 */
export function privateUrlsAllowed(): boolean {
  return config().OUTBOUND_ALLOW_PRIVATE_URLS || config().WEBHOOK_ALLOW_PRIVATE_URLS;
}
