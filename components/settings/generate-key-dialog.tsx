"use client";

import { useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { KeyIcon } from "@/components/ui/icons";
import { TextField } from "@/components/ui/text-field";
import type { ApiKeySummary, CreatedApiKey } from "./api-key-types";
import { KeyReveal } from "./key-reveal";
import { KeyUsageSnippets } from "./key-usage-snippets";

const MAX_NAME_LENGTH = 100;

interface GenerateKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called as soon as the key exists, so the table behind the dialog is already up to date. */
  onCreated: (apiKey: ApiKeySummary) => void;
}

/** Two steps: name the key, then see the secret once. Closing forgets the secret. */
export function GenerateKeyDialog({ open, onClose, onCreated }: GenerateKeyDialogProps) {
  const [secret, setSecret] = useState<string | null>(null);

  function close() {
    setSecret(null);
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
      description={secret ? "Use it in the Authorization header of your requests." : "Name the key after the app or script that will use it, so you can tell keys apart later."}
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
        <GenerateKeyForm
          onCancel={close}
          onCreated={({ key, ...summary }) => {
            setSecret(key);
            onCreated(summary);
          }}
        />
      )}
    </Dialog>
  );
}

function GenerateKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (apiKey: CreatedApiKey) => void }) {
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<{ title?: string; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    setFormError(null);
    if (!trimmed) return setNameError("Name is required");
    if (trimmed.length > MAX_NAME_LENGTH) return setNameError(`Name must be at most ${MAX_NAME_LENGTH} characters`);
    setNameError(undefined);

    setPending(true);
    const result = await callApi<{ apiKey: CreatedApiKey }>("/api/keys", { method: "POST", body: { name: trimmed } });
    setPending(false);
    if (result.ok) return onCreated(result.data.apiKey);

    const serverNameError = fieldErrorsOf(result.error).name;
    if (serverNameError) setNameError(serverNameError);
    else setFormError({ title: result.status === 409 ? "Key limit reached" : undefined, message: result.error.message });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {formError && <Alert title={formError.title}>{formError.message}</Alert>}
      <TextField
        label="Name"
        name="name"
        placeholder="e.g. Deploy script"
        autoComplete="off"
        required
        maxLength={MAX_NAME_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
        data-autofocus
      />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Generating…" : "Generate key"}
        </Button>
      </DialogActions>
    </form>
  );
}
