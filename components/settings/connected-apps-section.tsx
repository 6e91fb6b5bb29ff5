"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { Toast } from "@/components/ui/toast";
import type { ConnectedApp } from "./connected-app-types";

type AppsState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; apps: ConnectedApp[] };

/**
 * The Connected apps card of the Integrations tab: apps (AI assistants, integrations) a person
 * allowed through OAuth, with Revoke, which ends every token of the app at its next request.
 */
export function ConnectedAppsSection() {
  const [apps, setApps] = useState<AppsState>({ status: "loading" });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dismissToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ apps: ConnectedApp[] }>("/api/account/connected-apps", { signal: controller.signal })
      .then((result) => setApps(result.ok ? { status: "ready", apps: result.data.apps } : { status: "error", message: result.error.message }))
      .catch(() => {
        // Aborted because the page went away: nothing to show.
      });
    return () => controller.abort();
  }, [loadAttempt]);

  function removeApp(revoked: ConnectedApp) {
    setApps((current) => (current.status === "ready" ? { status: "ready", apps: current.apps.filter((app) => app.id !== revoked.id) } : current));
    setRevoking(null);
    setToast(`“${revoked.clientName}” disconnected`);
  }

  return (
    <section aria-labelledby="connected-apps-heading" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 p-5 sm:px-6">
        <h2 id="connected-apps-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
          Connected apps
        </h2>
        <p className="mt-1 max-w-xl text-sm text-slate-600">
          AI assistants and apps you allowed to use your boards by signing in (OAuth). They act as you, within the access you allowed.
        </p>
      </div>
      {apps.status === "loading" && (
        <p role="status" className="px-5 py-6 text-sm text-slate-500 sm:px-6">
          Loading connected apps…
        </p>
      )}
      {apps.status === "error" && (
        <div className="space-y-3 p-5 sm:px-6">
          <Alert title="Could not load your connected apps">{apps.message}</Alert>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setApps({ status: "loading" });
              setLoadAttempt((attempt) => attempt + 1);
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {apps.status === "ready" && apps.apps.length === 0 && (
        <p className="px-5 py-8 text-center text-sm text-slate-600 sm:px-6">
          No connected apps. Add this service to an AI assistant with its MCP address to see it here.
        </p>
      )}
      {apps.status === "ready" && apps.apps.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label="Connected apps">
          {apps.apps.map((app) => (
            <li key={app.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:px-6">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{app.clientName}</p>
                <p className="mt-0.5 text-sm text-slate-600">
                  {app.scopes.includes("write") ? "Read and write" : "Read only"} · {app.resource.endsWith("/api/mcp") ? "MCP server" : "Whole API"} · connected{" "}
                  <RelativeTime value={app.createdAt} /> · last used {app.lastUsedAt ? <RelativeTime value={app.lastUsedAt} /> : "never"}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="self-start sm:self-center"
                onClick={() => setRevoking(app)}
                aria-label={`Revoke ${app.clientName}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={revoking !== null}
        title={revoking ? `Revoke “${revoking.clientName}”?` : "Revoke app?"}
        description="It loses access at once, on every device; to use it again, connect it again."
        deletePath={revoking && `/api/account/connected-apps/${encodeURIComponent(revoking.id)}`}
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        onClose={() => setRevoking(null)}
        onDeleted={() => revoking && removeApp(revoking)}
        fallbackFocusRef={headingRef}
      />
      <Toast message={toast} onDismiss={dismissToast} />
    </section>
  );
}
