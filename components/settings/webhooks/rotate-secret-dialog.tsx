"use client";

import { useState } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { KeyIcon } from "@/components/ui/icons";
import { KeyReveal } from "../key-reveal";
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
    <Dialog
      open={webhook !== null}
      onClose={close}
      closeOnBackdrop={secret === null}
      icon={
        <DialogIconBadge tone="indigo">
          <KeyIcon />
        </DialogIconBadge>
      }
      title={secret ? "New signing secret" : "Rotate signing secret?"}
      description={secret ? "Requests are signed with this secret from now on." : "The current secret stops working at once: update your receiver right after."}
    >
      {secret ? <KeyReveal secret={secret} label="Signing secret" what="secret" /> : error && <Alert title="Could not rotate the secret">{error}</Alert>}
      <DialogActions>
        {secret ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button onClick={rotate} pending={pending}>
              {pending ? "Rotating…" : "Rotate secret"}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
