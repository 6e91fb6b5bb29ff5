"use client";

import { useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { KeyIcon } from "@/components/ui/icons";
import { NameForm } from "@/components/ui/name-form";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { ApiKeySummary, CreatedApiKey } from "./api-key-types";
import { KeyReveal } from "./key-reveal";
import { KeyUsageSnippets } from "./key-usage-snippets";

interface GenerateKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called as soon as the key exists, so the table behind the dialog is already up to date. */
  onCreated: (apiKey: ApiKeySummary) => void;
}

const ACCESS_OPTIONS = [
  { value: "full", label: "Full access" },
  { value: "read", label: "Read only" },
] as const;

/** Two steps: choose the access and name the key, then see the secret once. Closing forgets the secret. */
export function GenerateKeyDialog({ open, onClose, onCreated }: GenerateKeyDialogProps) {
  const [secret, setSecret] = useState<string | null>(null);
  const [access, setAccess] = useState<ApiKeySummary["access"]>("full");

  function close() {
    setSecret(null);
    setAccess("full");
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      closeOnBackdrop={secret === null}
      icon={
        <DialogIconBadge tone="indigo">
          <KeyIcon />
        </DialogIconBadge>
      }
      title={secret ? "Your new API key" : "Generate API key"}
      description={
        secret
          ? "Use it in the Authorization header of your requests."
          : "Name the key after the app or script that will use it, so you can tell keys apart later."
      }
    >
      {secret ? (
        <>
          <KeyReveal secret={secret} />
          <div className="mt-5">
            <KeyUsageSnippets secret={secret} />
          </div>
          <DialogActions>
            <Button onClick={close}>Done</Button>
          </DialogActions>
        </>
      ) : (
        <>
          <div className="mb-4 space-y-1.5">
            <p className="text-sm font-medium text-slate-700" aria-hidden="true">
              Access
            </p>
            <SegmentedControl label="Access" value={access} options={ACCESS_OPTIONS} onChange={setAccess} />
            <p className="text-xs text-slate-500">
              {access === "read"
                ? "Read only: the key can list and read snaps and follow live changes; every write is refused."
                : "Full access: the key can do everything you can."}
            </p>
          </div>
          <NameForm<{ apiKey: CreatedApiKey }>
            placeholder="e.g. Deploy script"
            submitLabel="Generate key"
            pendingLabel="Generating…"
            submit={(name) => callApi("/api/keys", { method: "POST", body: { name, access } })}
            onSaved={({ apiKey: { key, ...summary } }) => {
              setSecret(key);
              onCreated(summary);
            }}
            onCancel={close}
            errorTitle={(status) => (status === 409 ? "Key limit reached" : undefined)}
          />
        </>
      )}
    </Dialog>
  );
}
