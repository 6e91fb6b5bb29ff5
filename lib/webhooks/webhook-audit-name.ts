/**
 * How the audit log names a webhook: its receiver's host and its description. Never the whole URL:
 * many receivers (chat incoming-webhook URLs) carry a secret token in the path or query.
 */
export function webhookAuditName(webhook: { url: string; description: string }): string {
  const host = URL.canParse(webhook.url) ? new URL(webhook.url).host : "";
  return webhook.description ? `${host} (${webhook.description})` : host;
}
