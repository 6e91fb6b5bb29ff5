"use client";

import { useState, type RefObject } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";
import type { ApiKeySummary } from "./api-key-types";

interface RevokeKeyDialogProps {
  /** The key to revoke; null when the dialog is closed. */
  apiKey: ApiKeySummary | null;
  onClose: () => void;
  onRevoked: (apiKey: ApiKeySummary) => void;
  /** Focus lands here after a revocation, since the trash button that opened the dialog is gone. */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Spec 3: revocation is immediate and irreversible, so it is confirmed first. Cancel has focus. */
export function RevokeKeyDialog({ apiKey, onClose, onRevoked, fallbackFocusRef }: RevokeKeyDialogProps) {
  return (
    <Dialog
      open={apiKey !== null}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      icon={
        <DialogIconBadge tone="red">
          <AlertIcon />
        </DialogIconBadge>
      }
      title={apiKey ? `Revoke “${apiKey.name}”?` : "Revoke key?"}
      description="Apps using it lose access immediately. This cannot be undone."
    >
      {apiKey && <RevokeConfirm apiKey={apiKey} onCancel={onClose} onRevoked={onRevoked} />}
    </Dialog>
  );
}

function RevokeConfirm({ apiKey, onCancel, onRevoked }: { apiKey: ApiKeySummary; onCancel: () => void; onRevoked: (apiKey: ApiKeySummary) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function revoke() {
    setPending(true);
    setError(null);
    const result = await callApi(`/api/keys/${encodeURIComponent(apiKey.id)}`, { method: "DELETE" });
    // 404: already revoked elsewhere (another tab); the outcome the user asked for either way.
    if (result.ok || result.status === 404) return onRevoked(apiKey);
    setPending(false);
    setError(result.error.message);
  }

  return (
    <>
      <div className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm ring-1 ring-slate-200">
        <p className="font-medium text-slate-900">{apiKey.name}</p>
        <code className="font-mono text-[13px] text-slate-600">{apiKey.prefix}…</code>
      </div>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={revoke} pending={pending}>
          {pending ? "Revoking…" : "Revoke key"}
        </Button>
      </DialogActions>
    </>
  );
}
