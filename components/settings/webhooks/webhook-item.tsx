"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { RelativeTime } from "@/components/ui/relative-time";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { WebhookDeliveries } from "./webhook-deliveries";
import { describeEvents, type WebhookDelivery, type WebhookSummary } from "./webhook-types";

interface WebhookItemProps {
  webhook: WebhookSummary;
  snapTitle: string | null;
  onChanged: (webhook: WebhookSummary) => void;
  onRotate: (webhook: WebhookSummary) => void;
  onDelete: (webhook: WebhookSummary) => void;
  onNotice: (message: string, tone?: "success" | "error") => void;
}

/** One endpoint: status (and why it is off), last delivery, and its actions; the log opens below. */
export function WebhookItem({ webhook, snapTitle, onChanged, onRotate, onDelete, onNotice }: WebhookItemProps) {
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<WebhookDelivery | null | undefined>(undefined);
  const [logVersion, setLogVersion] = useState(0);
  const [testing, setTesting] = useState(false);
  const logId = `webhook-log-${webhook.id}`;

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ deliveries: WebhookDelivery[] }>(`/api/webhooks/${webhook.id}/deliveries?limit=1`, { signal: controller.signal })
      .then((result) => setLast(result.ok ? (result.data.deliveries[0] ?? null) : null))
      .catch(() => {
        // Gone from the page.
      });
    return () => controller.abort();
  }, [webhook.id, logVersion]);

  async function setEnabled(enabled: boolean) {
    // Optimistic: the switch moves at once and moves back, with a message, if the change fails.
    const before = webhook;
    onChanged({ ...webhook, enabled, disabledReason: enabled ? null : "Disabled by you" });
    const result = await callApi<{ webhook: WebhookSummary }>(`/api/webhooks/${webhook.id}`, { method: "PATCH", body: { enabled } });
    if (result.ok) return onChanged(result.data.webhook);
    onChanged(before);
    onNotice(`Could not ${enabled ? "enable" : "disable"} the webhook: ${result.error.message}`, "error");
  }

  async function sendTest() {
    setTesting(true);
    const result = await callApi(`/api/webhooks/${webhook.id}/test`, { method: "POST" });
    setTesting(false);
    if (!result.ok) return onNotice(`Could not send a test event: ${result.error.message}`, "error");
    onNotice("Test event queued");
    setOpen(true);
    setLogVersion((version) => version + 1);
  }

  return (
    <li>
      <div className="flex flex-col gap-3 px-5 py-4 sm:px-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="truncate font-mono text-sm font-medium text-slate-900" title={webhook.url}>
              {webhook.url}
            </p>
            <p className="mt-0.5 text-sm text-slate-600">
              {describeEvents(webhook.events)}
              {" · "}
              {webhook.snapId ? `Snap: ${snapTitle ?? webhook.snapId}` : "Every snap you can read"}
              {webhook.description && ` · ${webhook.description}`}
            </p>
          </div>
          <div className="shrink-0">
            <Switch label={webhook.enabled ? "Enabled" : "Disabled"} checked={webhook.enabled} onChange={setEnabled} />
          </div>
        </div>
        {!webhook.enabled && webhook.disabledReason && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            <span className="font-semibold">Disabled:</span> {webhook.disabledReason}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="mr-auto flex items-center gap-2">
            Last delivery:
            {last === undefined && <span>…</span>}
            {last === null && <span>none yet</span>}
            {last && (
              <>
                <DeliveryStatusBadge status={last.status} />
                <RelativeTime value={last.createdAt} />
              </>
            )}
          </span>
          <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={logId} onClick={() => setOpen((value) => !value)}>
            {open ? "Hide deliveries" : "Deliveries"}
          </Button>
          <Button variant="secondary" size="sm" pending={testing} onClick={sendTest}>
            Send test event
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onRotate(webhook)}>
            Rotate secret
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-600! hover:bg-red-50!"
            onClick={() => onDelete(webhook)}
            aria-label={`Delete webhook ${webhook.url}`}
          >
            Delete
          </Button>
        </div>
      </div>
      <div id={logId}>{open && <WebhookDeliveries webhookId={webhook.id} version={logVersion} onNotice={onNotice} />}</div>
    </li>
  );
}
