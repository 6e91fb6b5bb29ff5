"use client";

import type { RefObject } from "react";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import type { ApiKeySummary } from "./api-key-types";

interface RevokeKeyDialogProps {
  /** The key to revoke; null when the dialog is closed. */
  apiKey: ApiKeySummary | null;
  onClose: () => void;
  onRevoked: (apiKey: ApiKeySummary) => void;
  /** Focus lands here after a revocation, since the trash button that opened the dialog is gone. */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Revocation is immediate and final (docs/API.md, "API keys"), so it is confirmed first. */
export function RevokeKeyDialog({ apiKey, onClose, onRevoked, fallbackFocusRef }: RevokeKeyDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={apiKey !== null}
      title={apiKey ? `Revoke “${apiKey.name}”?` : "Revoke key?"}
      description="Apps using it lose access immediately. This cannot be undone."
      deletePath={apiKey && `/api/keys/${encodeURIComponent(apiKey.id)}`}
      confirmLabel="Revoke key"
      pendingLabel="Revoking…"
      onClose={onClose}
      onDeleted={() => apiKey && onRevoked(apiKey)}
      fallbackFocusRef={fallbackFocusRef}
    >
      {apiKey && (
        <div className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">{apiKey.name}</p>
          <code className="font-mono text-[13px] text-slate-600">{apiKey.prefix}…</code>
        </div>
      )}
    </ConfirmDeleteDialog>
  );
}
