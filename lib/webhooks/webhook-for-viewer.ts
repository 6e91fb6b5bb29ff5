import type { Principal } from "@/lib/request/principal";
import { maskWebhookUrl } from "./mask-webhook-url";
import type { WebhookRow } from "./webhook-selects";

/** A webhook as this caller may see it: a read-only key gets the URL masked to its host (docs/SECURITY.md, "Read-only API keys"). */
export function webhookForViewer(principal: Principal, webhook: WebhookRow): WebhookRow {
  const readOnly = principal.via === "apiKey" && principal.access === "read";
  return readOnly ? { ...webhook, url: maskWebhookUrl(webhook.url) } : webhook;
}
