import type { Metadata } from "next";
import { headers } from "next/headers";
import { ApiUsageNote } from "@/components/settings/api-usage-note";
import { ConnectedAppsSection } from "@/components/settings/connected-apps-section";
import { IntegrationsPanel } from "@/components/settings/integrations-panel";
import { WebhooksSection } from "@/components/settings/webhooks/webhooks-section";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";

export const metadata: Metadata = { title: "Integrations" };

/** The address callers use, for the example request; only ever rendered as text. */
async function requestOrigin(): Promise<string> {
  const requestHeaders = await headers();
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost";
  const proto = requestHeaders.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
}

export default async function IntegrationsPage() {
  await requirePagePrincipal();
  return (
    <div className="space-y-6">
      <IntegrationsPanel />
      <ConnectedAppsSection />
      <WebhooksSection />
      <ApiUsageNote apiBaseUrl={await requestOrigin()} />
    </div>
  );
}
