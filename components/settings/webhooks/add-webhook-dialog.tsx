"use client";

import { useEffect, useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { ConnectIcon } from "@/components/ui/icons";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { SecretOnceDialog } from "../secret-once-dialog";
import { EventCheckboxes } from "./event-checkboxes";
import type { WebhookSummary } from "./webhook-types";

interface AddWebhookDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (webhook: WebhookSummary) => void;
}

/** Two steps: the endpoint's settings, then its signing secret, shown once. */
export function AddWebhookDialog({ open, onClose, onCreated }: AddWebhookDialogProps) {
  const [secret, setSecret] = useState<string | null>(null);
  function close() {
    setSecret(null);
    onClose();
  }
  return (
    <SecretOnceDialog
      open={open}
      onClose={close}
      icon={<ConnectIcon />}
      secret={secret}
      title="Add webhook"
      description="We POST each event to this URL, signed, and retry for about a day and a half if it fails."
      revealTitle="Your webhook's signing secret"
      revealDescription="Verify the webhook-signature header of every request with it (Standard Webhooks)."
      secretLabel="Signing secret"
      secretNoun="secret"
    >
      <WebhookForm
        onCancel={close}
        onCreated={(webhook, newSecret) => {
          setSecret(newSecret);
          onCreated(webhook);
        }}
      />
    </SecretOnceDialog>
  );
}

function WebhookForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (webhook: WebhookSummary, secret: string) => void }) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<string[]>(["*"]);
  const [snapId, setSnapId] = useState("");
  const [snaps, setSnaps] = useState<{ id: string; title: string }[] | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const controller = new AbortController();
    callApi<{ snaps: { id: string; title: string }[] }>("/api/v1/workspace/snaps?limit=100&sortBy=title&sortOrder=asc", { signal: controller.signal })
      .then((result) => setSnaps(result.ok ? result.data.snaps : []))
      .catch(() => {
        // The dialog closed.
      });
    return () => controller.abort();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (events.length === 0) {
      setFieldErrors({ events: "Choose at least one event type" });
      return;
    }
    setPending(true);
    setError(null);
    setFieldErrors({});
    const result = await callApi<{ webhook: WebhookSummary; secret: string }>("/api/webhooks", {
      method: "POST",
      body: { url: url.trim(), events, description, snapId: snapId || null },
    });
    setPending(false);
    if (result.ok) return onCreated(result.data.webhook, result.data.secret);
    const byField = fieldErrorsOf(result.error);
    setFieldErrors(byField);
    if (!byField.url && !byField.events) setError(result.error.message);
  }

  const snapOptions = [{ value: "", label: "Every snap I can read" }, ...(snaps ?? []).map((snap) => ({ value: snap.id, label: snap.title || "Untitled" }))];
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error && <Alert title="Could not add the webhook">{error}</Alert>}
      <TextField
        label="Endpoint URL"
        type="url"
        required
        autoFocus
        placeholder="https://example.com/webhooks/snap-board"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={fieldErrors.url}
        hint="http(s) only; private and local network addresses are refused."
      />
      <TextField label="Description" labelAside="Optional" value={description} maxLength={500} onChange={(event) => setDescription(event.target.value)} />
      <EventCheckboxes
        value={events}
        onChange={(chosen) => {
          setEvents(chosen);
          setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([path]) => path !== "events")));
        }}
        error={fieldErrors.events}
      />
      <SelectField
        label="Snap"
        value={snapId}
        onChange={(event) => setSnapId(event.target.value)}
        options={snapOptions}
        disabled={snaps === null}
        aria-describedby={undefined}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Adding…" : "Add webhook"}
        </Button>
      </DialogActions>
    </form>
  );
}
