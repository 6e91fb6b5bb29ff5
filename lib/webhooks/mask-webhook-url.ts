/**
 * A webhook URL with only its scheme and host shown (`https://hooks.example.com/…`): many receivers
 * (chat incoming-webhook URLs) carry a secret token in the path or query, which a read-only key
 * must not read. The audit log names webhooks the same way (webhook-audit-name.ts).
 */
export function maskWebhookUrl(url: string): string {
  if (!URL.canParse(url)) return "…";
  const { protocol, host, pathname, search, hash } = new URL(url);
  const rest = pathname === "/" && !search && !hash ? "/" : "/…";
  return `${protocol}//${host}${rest}`;
}
