"use client";

import { useCallback, useEffect, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import type { WebhookDelivery } from "./webhook-types";

type LogState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; deliveries: WebhookDelivery[] };

/** One endpoint's delivery log, newest first, each with Retry. `version` changes reload it. */
export function WebhookDeliveries({
  webhookId,
  version,
  onNotice,
}: {
  webhookId: string;
  version: number;
  onNotice: (message: string, tone?: "success" | "error") => void;
}) {
  const [log, setLog] = useState<LogState>({ status: "loading" });
  const [reload, setReload] = useState(0);
  const [retrying, setRetrying] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ deliveries: WebhookDelivery[] }>(`/api/webhooks/${webhookId}/deliveries?limit=20`, { signal: controller.signal })
      .then((result) => setLog(result.ok ? { status: "ready", deliveries: result.data.deliveries } : { status: "error", message: result.error.message }))
      .catch(() => {
        // Closed meanwhile.
      });
    return () => controller.abort();
  }, [webhookId, version, reload]);

  const refresh = useCallback(() => setReload((count) => count + 1), []);

  async function retry(delivery: WebhookDelivery) {
    setRetrying(delivery.id);
    const result = await callApi(`/api/webhooks/${webhookId}/deliveries/${delivery.id}/retry`, { method: "POST" });
    setRetrying(null);
    if (!result.ok) return onNotice(`Could not retry: ${result.error.message}`, "error");
    onNotice("Retry queued");
    refresh();
  }

  return (
    <div className="border-t border-slate-100 bg-slate-50/60 px-5 py-4 sm:px-6">
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold text-slate-800">Recent deliveries</h4>
        <Button variant="ghost" size="sm" onClick={refresh}>
          Refresh
        </Button>
      </div>
      {log.status === "loading" && (
        <p role="status" className="mt-3 text-sm text-slate-500">
          Loading deliveries…
        </p>
      )}
      {log.status === "error" && (
        <div className="mt-3">
          <Alert title="Could not load the deliveries">{log.message}</Alert>
        </div>
      )}
      {log.status === "ready" && log.deliveries.length === 0 && (
        <p className="mt-3 text-sm text-slate-500">Nothing sent yet. Send a test event to try the endpoint.</p>
      )}
      {log.status === "ready" && log.deliveries.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200" aria-label="Deliveries">
          {log.deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-3.5 py-2.5 text-sm">
              <DeliveryStatusBadge status={delivery.status} />
              <span className="font-mono text-[13px] text-slate-800">{delivery.eventType}</span>
              <span className="text-slate-600">{delivery.lastResponseStatus === null ? "No response" : `HTTP ${delivery.lastResponseStatus}`}</span>
              {delivery.durationMs !== null && <span className="text-slate-500">{delivery.durationMs} ms</span>}
              <span className="text-slate-500">
                {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
              </span>
              <span className="text-slate-500">
                <RelativeTime value={delivery.createdAt} />
              </span>
              <Button
                variant="secondary"
                size="sm"
                className="ml-auto"
                pending={retrying === delivery.id}
                onClick={() => retry(delivery)}
                aria-label={`Retry ${delivery.eventType} delivery`}
              >
                Retry
              </Button>
              {delivery.lastError && (
                <p className="w-full truncate text-xs text-slate-500" title={delivery.lastError}>
                  {delivery.lastError}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
