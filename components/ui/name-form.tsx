"use client";

import { useState, type FormEvent } from "react";
import { fieldErrorsOf, type ApiResult } from "@/components/http/call-api";
import { Alert } from "./alert";
import { Button } from "./button";
import { DialogActions } from "./dialog";
import { TextField } from "./text-field";

const MAX_NAME_LENGTH = 100;

interface NameFormProps<T> {
  initialName?: string;
  placeholder: string;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the trimmed name to the API. */
  submit: (name: string) => Promise<ApiResult<T>>;
  onSaved: (data: T) => void;
  onCancel: () => void;
  /** A title for an error the form shows above the field, by HTTP status (e.g. 409: "Key limit reached"). */
  errorTitle?: (status: number) => string | undefined;
}

/**
 * The one-field form of the dialogs that name something (a folder, an API key): checks the name
 * before sending, shows the server's error for the field next to it and any other above it.
 */
export function NameForm<T>({ initialName = "", placeholder, submitLabel, pendingLabel, submit, onSaved, onCancel, errorTitle }: NameFormProps<T>) {
  const [name, setName] = useState(initialName);
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
    const result = await submit(trimmed);
    setPending(false);
    if (result.ok) return onSaved(result.data);

    const serverNameError = fieldErrorsOf(result.error).name;
    if (serverNameError) setNameError(serverNameError);
    else setFormError({ title: errorTitle?.(result.status), message: result.error.message });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {formError && <Alert title={formError.title}>{formError.message}</Alert>}
      <TextField
        label="Name"
        name="name"
        placeholder={placeholder}
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
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
