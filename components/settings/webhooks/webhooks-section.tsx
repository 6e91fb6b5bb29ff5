"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { ConnectIcon, PlusIcon } from "@/components/ui/icons";
import { Toast } from "@/components/ui/toast";
import { AddWebhookDialog } from "./add-webhook-dialog";
import { RotateSecretDialog } from "./rotate-secret-dialog";
import { WebhookItem } from "./webhook-item";
import { MAX_WEBHOOKS_PER_USER } from "@/lib/validation/per-user-limits";
import type { WebhookSummary } from "./webhook-types";

type ListState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; webhooks: WebhookSummary[] };

/** Settings › Integrations › Webhooks: endpoints that are sent every change, signed. */
export function WebhooksSection() {
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [snapTitles, setSnapTitles] = useState<Map<string, string>>(new Map());
  const [adding, setAdding] = useState(false);
  const [rotating, setRotating] = useState<WebhookSummary | null>(null);
  const [deleting, setDeleting] = useState<WebhookSummary | null>(null);
  const [toast, setToast] = useState<{ message: string; tone: "success" | "error" } | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const notice = useCallback((message: string, tone: "success" | "error" = "success") => setToast({ message, tone }), []);

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ webhooks: WebhookSummary[] }>("/api/webhooks", { signal: controller.signal })
      .then((result) => setList(result.ok ? { status: "ready", webhooks: result.data.webhooks } : { status: "error", message: result.error.message }))
      .catch(() => {
        // The page went away.
      });
    callApi<{ snaps: { id: string; title: string }[] }>("/api/v1/workspace/snaps?limit=100", { signal: controller.signal })
      .then((result) => result.ok && setSnapTitles(new Map(result.data.snaps.map((snap) => [snap.id, snap.title]))))
      .catch(() => {
        // Titles are a nicety: ids are shown without them.
      });
    return () => controller.abort();
  }, [attempt]);

  const update = (change: (webhooks: WebhookSummary[]) => WebhookSummary[]) =>
    setList((current) => (current.status === "ready" ? { status: "ready", webhooks: change(current.webhooks) } : current));

  return (
    <section aria-labelledby="webhooks-heading" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div>
          <div className="flex items-center gap-2.5">
            <h2 id="webhooks-heading" className="text-base font-semibold text-slate-900">
              Webhooks
            </h2>
            {list.status === "ready" && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                {list.webhooks.length} of {MAX_WEBHOOKS_PER_USER}
              </span>
            )}
          </div>
          <p className="mt-1 max-w-xl text-sm text-slate-600">
            Have every change to your snaps sent to another service as it happens, signed so it can check the sender.
          </p>
        </div>
        <Button ref={addButtonRef} onClick={() => setAdding(true)} className="self-start">
          <PlusIcon className="size-4" />
          Add webhook
        </Button>
      </div>

      {list.status === "loading" && (
        <div role="status" className="space-y-3 p-5 sm:px-6">
          <span className="sr-only">Loading webhooks…</span>
          {[0, 1].map((row) => (
            <div key={row} aria-hidden="true" className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
          ))}
        </div>
      )}
      {list.status === "error" && (
        <div className="space-y-3 p-5 sm:px-6">
          <Alert title="Could not load your webhooks">{list.message}</Alert>
          <Button variant="secondary" size="sm" onClick={() => (setList({ status: "loading" }), setAttempt((count) => count + 1))}>
            Try again
          </Button>
        </div>
      )}
      {list.status === "ready" && list.webhooks.length === 0 && (
        <div className="px-6 py-12 text-center">
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <ConnectIcon className="size-6" />
          </div>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">No webhooks yet</h3>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Add an endpoint to be told of new, changed and deleted snaps, cards and lines.</p>
        </div>
      )}
      {list.status === "ready" && list.webhooks.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label="Webhooks">
          {list.webhooks.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              webhook={webhook}
              snapTitle={webhook.snapId ? (snapTitles.get(webhook.snapId) ?? null) : null}
              onChanged={(changed) => update((webhooks) => webhooks.map((item) => (item.id === changed.id ? changed : item)))}
              onRotate={setRotating}
              onDelete={setDeleting}
              onNotice={notice}
            />
          ))}
        </ul>
      )}

      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} onCreated={(webhook) => update((webhooks) => [webhook, ...webhooks])} />
      <RotateSecretDialog webhook={rotating} onClose={() => setRotating(null)} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete webhook?"
        description="Nothing more will be sent to this endpoint, including deliveries waiting for a retry."
        deletePath={deleting ? `/api/webhooks/${deleting.id}` : null}
        confirmLabel="Delete webhook"
        pendingLabel="Deleting…"
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          const gone = deleting;
          setDeleting(null);
          if (gone) update((webhooks) => webhooks.filter((item) => item.id !== gone.id));
          notice("Webhook deleted");
        }}
        fallbackFocusRef={addButtonRef}
      >
        {deleting && <p className="truncate font-mono text-sm text-slate-700">{deleting.url}</p>}
      </ConfirmDeleteDialog>
      <Toast message={toast?.message ?? null} tone={toast?.tone} onDismiss={dismissToast} />
    </section>
  );
}
