"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { KeyIcon, PlusIcon } from "@/components/ui/icons";
import { Toast } from "@/components/ui/toast";
import { ApiKeyTable } from "./api-key-table";
import { MAX_ACTIVE_API_KEYS } from "@/lib/validation/per-user-limits";
import type { ApiKeySummary } from "./api-key-types";
import { GenerateKeyDialog } from "./generate-key-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";

type KeysState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; apiKeys: ApiKeySummary[] };

/** The API keys card of the Integrations tab: list, generate (shown once), revoke. */
export function IntegrationsPanel() {
  const [keys, setKeys] = useState<KeysState>({ status: "loading" });
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [generateOpen, setGenerateOpen] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const generateButtonRef = useRef<HTMLButtonElement>(null);
  const dismissToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ apiKeys: ApiKeySummary[] }>("/api/keys", { signal: controller.signal })
      .then((result) => setKeys(result.ok ? { status: "ready", apiKeys: result.data.apiKeys } : { status: "error", message: result.error.message }))
      .catch(() => {
        // Aborted because the page went away: nothing to show.
      });
    return () => controller.abort();
  }, [loadAttempt]);

  function retry() {
    setKeys({ status: "loading" });
    setLoadAttempt((attempt) => attempt + 1);
  }

  function addKey(apiKey: ApiKeySummary) {
    setKeys((current) => (current.status === "ready" ? { status: "ready", apiKeys: [apiKey, ...current.apiKeys] } : current));
  }

  function removeKey(revoked: ApiKeySummary) {
    setKeys((current) => (current.status === "ready" ? { status: "ready", apiKeys: current.apiKeys.filter((apiKey) => apiKey.id !== revoked.id) } : current));
    setRevoking(null);
    setToast(`Key “${revoked.name}” revoked`);
  }

  return (
    <section aria-labelledby="api-keys-heading" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div>
          <div className="flex items-center gap-2.5">
            <h2 id="api-keys-heading" className="text-base font-semibold text-slate-900">
              API keys
            </h2>
            {keys.status === "ready" && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                {keys.apiKeys.length} of {MAX_ACTIVE_API_KEYS} keys
              </span>
            )}
          </div>
          <p className="mt-1 max-w-xl text-sm text-slate-600">Let scripts, integrations and AI agents use the API on your behalf.</p>
        </div>
        <Button ref={generateButtonRef} onClick={() => setGenerateOpen(true)} className="self-start">
          <PlusIcon className="size-4" />
          Generate API key
        </Button>
      </div>

      {keys.status === "loading" && <LoadingRows />}
      {keys.status === "error" && (
        <div className="space-y-3 p-5 sm:px-6">
          <Alert title="Could not load your API keys">{keys.message}</Alert>
          <Button variant="secondary" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
      {keys.status === "ready" && keys.apiKeys.length === 0 && <EmptyState />}
      {keys.status === "ready" && keys.apiKeys.length > 0 && <ApiKeyTable apiKeys={keys.apiKeys} onRevoke={setRevoking} />}

      <GenerateKeyDialog open={generateOpen} onClose={() => setGenerateOpen(false)} onCreated={addKey} />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} onRevoked={removeKey} fallbackFocusRef={generateButtonRef} />
      <Toast message={toast} onDismiss={dismissToast} />
    </section>
  );
}

function LoadingRows() {
  return (
    <div role="status" className="divide-y divide-slate-100">
      <span className="sr-only">Loading API keys…</span>
      {[0, 1].map((row) => (
        <div key={row} aria-hidden="true" className="flex animate-pulse items-center gap-6 px-5 py-4 sm:px-6">
          <div className="h-3.5 w-32 rounded bg-slate-200" />
          <div className="hidden h-3.5 w-44 rounded bg-slate-100 sm:block" />
          <div className="ml-auto h-3.5 w-16 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="px-6 py-12 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <KeyIcon className="size-6" />
      </div>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">No API keys yet</h3>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">Generate a key to call the API from a script, an integration or an AI agent.</p>
    </div>
  );
}
