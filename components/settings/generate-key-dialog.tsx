"use client";

import { useState } from "react";
import { callApi } from "@/components/http/call-api";
import { KeyIcon } from "@/components/ui/icons";
import { NameForm } from "@/components/ui/name-form";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { ApiKeySummary, CreatedApiKey } from "./api-key-types";
import { KeyUsageSnippets } from "./key-usage-snippets";
import { SecretOnceDialog } from "./secret-once-dialog";

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
    <SecretOnceDialog
      open={open}
      onClose={close}
      icon={<KeyIcon />}
      secret={secret}
      title="Generate API key"
      description="Name the key after the app or script that will use it, so you can tell keys apart later."
      revealTitle="Your new API key"
      revealDescription="Use it in the Authorization header of your requests."
      afterSecret={secret && <KeyUsageSnippets secret={secret} />}
    >
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
    </SecretOnceDialog>
  );
}
