"use client";

import { useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { TemplateIcon } from "./transfer-icons";

interface SaveTemplateDialogProps {
  open: boolean;
  snapId: string;
  defaultName: string;
  onClose: () => void;
  onSaved: (name: string) => void;
}

/** Saves the board as it is now as a template for the workspace (POST /api/templates). */
export function SaveTemplateDialog({ open, snapId, defaultName, onClose, onSaved }: SaveTemplateDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      icon={
        <DialogIconBadge tone="indigo">
          <TemplateIcon className="size-5" />
        </DialogIconBadge>
      }
      title="Save as template"
      description="Everyone in your workspace can start a new snap from it. Later changes to this board do not change the template."
    >
      <SaveTemplateForm snapId={snapId} defaultName={defaultName} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function SaveTemplateForm({ snapId, defaultName, onCancel, onSaved }: Omit<SaveTemplateDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  const [name, setName] = useState(defaultName.slice(0, 100));
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: "Give the template a name" });
      return;
    }
    setPending(true);
    setFormError(null);
    const result = await callApi<{ template: { name: string } }>("/api/templates", {
      method: "POST",
      body: { snapId, name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
    });
    setPending(false);
    if (result.ok) {
      onSaved(result.data.template.name);
      return;
    }
    const fields = fieldErrorsOf(result.error);
    if (fields.name) setErrors(fields);
    else setFormError(result.error.message);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {formError && <Alert title="Could not save the template">{formError}</Alert>}
      <TextField label="Name" name="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} error={errors.name} data-autofocus />
      <TextareaField
        label="Description (optional)"
        name="description"
        maxLength={500}
        rows={3}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Saving…" : "Save template"}
        </Button>
      </DialogActions>
    </form>
  );
}
