"use client";

import { useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import type { FolderSummary } from "./dashboard-types";
import { FolderPlusIcon, PencilIcon } from "@/components/ui/icons";

const MAX_NAME = 100;

/** What the dialog is doing: creating a folder, or renaming this one. null: closed. */
export type FolderNameTarget = { mode: "create" } | { mode: "rename"; folder: FolderSummary } | null;

interface FolderNameDialogProps {
  target: FolderNameTarget;
  onClose: () => void;
  onSaved: (folder: FolderSummary, mode: "create" | "rename") => void;
}

export function FolderNameDialog({ target, onClose, onSaved }: FolderNameDialogProps) {
  const renaming = target?.mode === "rename";
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      icon={<DialogIconBadge tone="indigo">{renaming ? <PencilIcon /> : <FolderPlusIcon />}</DialogIconBadge>}
      title={renaming ? "Rename folder" : "New folder"}
      description={renaming ? undefined : "Folders are shared by everyone in your workspace."}
    >
      {target && <FolderNameForm target={target} onCancel={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function FolderNameForm({ target, onCancel, onSaved }: { target: NonNullable<FolderNameTarget>; onCancel: () => void; onSaved: FolderNameDialogProps["onSaved"] }) {
  const [name, setName] = useState(target.mode === "rename" ? target.folder.name : "");
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    setFormError(null);
    if (!trimmed) return setNameError("Name is required");
    if (trimmed.length > MAX_NAME) return setNameError(`Name must be at most ${MAX_NAME} characters`);
    setNameError(undefined);

    setPending(true);
    const result =
      target.mode === "create"
        ? await callApi<{ folder: FolderSummary }>("/api/folders", { method: "POST", body: { name: trimmed } })
        : await callApi<{ folder: FolderSummary }>(`/api/folders/${encodeURIComponent(target.folder.id)}`, { method: "PATCH", body: { name: trimmed } });
    setPending(false);
    if (result.ok) return onSaved(result.data.folder, target.mode);
    const fieldError = fieldErrorsOf(result.error).name;
    if (fieldError) setNameError(fieldError);
    else setFormError(result.error.message);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <TextField
        label="Name"
        name="name"
        placeholder="e.g. Roadmaps"
        autoComplete="off"
        required
        maxLength={MAX_NAME}
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
          {target.mode === "create" ? (pending ? "Creating…" : "Create folder") : pending ? "Saving…" : "Save"}
        </Button>
      </DialogActions>
    </form>
  );
}
