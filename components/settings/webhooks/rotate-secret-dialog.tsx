"use client";

import { useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { KeyIcon } from "@/components/ui/icons";
import { SecretOnceDialog } from "../secret-once-dialog";
import type { WebhookSummary } from "./webhook-types";

/** Confirm, then show the new secret once; the old one stops signing at once. */
export function RotateSecretDialog({ webhook, onClose }: { webhook: WebhookSummary | null; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setSecret(null);
    setError(null);
    onClose();
  }

  async function rotate() {
    if (!webhook) return;
    setPending(true);
    setError(null);
    const result = await callApi<{ secret: string }>(`/api/webhooks/${webhook.id}/rotate-secret`, { method: "POST" });
    setPending(false);
    if (result.ok) setSecret(result.data.secret);
    else setError(result.error.message);
  }

  return (
    <SecretOnceDialog
      open={webhook !== null}
      onClose={close}
      icon={<KeyIcon />}
      secret={secret}
      title="Rotate signing secret?"
      description="The current secret stops working at once: update your receiver right after."
      revealTitle="New signing secret"
      revealDescription="Requests are signed with this secret from now on."
      secretLabel="Signing secret"
      secretNoun="secret"
    >
      {error && <Alert title="Could not rotate the secret">{error}</Alert>}
      <DialogActions>
        <Button variant="secondary" onClick={close} data-autofocus>
          Cancel
        </Button>
        <Button onClick={rotate} pending={pending}>
          {pending ? "Rotating…" : "Rotate secret"}
        </Button>
      </DialogActions>
    </SecretOnceDialog>
  );
}
