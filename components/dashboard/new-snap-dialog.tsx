"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { GridIcon } from "@/components/ui/icons";
import { TextField } from "@/components/ui/text-field";
import { TemplatePicker } from "@/components/transfer/template-picker";
import type { TemplateSummary } from "@/components/transfer/template-types";
import { MAX_NEW_GRID_SIZE as MAX_SIZE, MAX_SNAP_TITLE_LENGTH as MAX_TITLE } from "@/lib/snaps/snap-constants";
import { GridShapePreview } from "./grid-shape-preview";

/** "3" → 3; anything but a whole number from 1 to 100 → null. */
function gridSize(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= MAX_SIZE ? value : null;
}

/** Title, rows and columns; on success the new board opens. */
export function NewSnapDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      icon={
        <DialogIconBadge tone="indigo">
          <GridIcon />
        </DialogIconBadge>
      }
      title="New snap"
      description="Start from an empty grid of cards or from a template. You can add and remove rows and columns later."
    >
      <NewSnapForm onCancel={onClose} />
    </Dialog>
  );
}

type FieldErrors = Partial<Record<"title" | "rows" | "cols", string>>;

function NewSnapForm({ onCancel }: { onCancel: () => void }) {
  const router = useRouter();
  const [title, setTitle] = useState("");
  const [rows, setRows] = useState("3");
  const [cols, setCols] = useState("3");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [template, setTemplate] = useState<TemplateSummary | null>(null);

  /** Editing a field clears its error; the next submit checks it again. */
  function edit(field: keyof FieldErrors, setValue: (value: string) => void, value: string) {
    setValue(value);
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  const rowCount = gridSize(rows);
  const colCount = gridSize(cols);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const next: FieldErrors = {};
    if (title.trim().length > MAX_TITLE) next.title = `Title must be at most ${MAX_TITLE} characters`;
    if (!template && rowCount === null) next.rows = `Rows must be a whole number from 1 to ${MAX_SIZE}`;
    if (!template && colCount === null) next.cols = `Columns must be a whole number from 1 to ${MAX_SIZE}`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    setPending(true);
    const shape = template ? { templateId: template.id } : { rows: rowCount, cols: colCount };
    const body = { ...shape, ...(title.trim() ? { title: title.trim() } : {}) };
    const result = await callApi<{ snap: { id: string } }>("/api/snaps", { method: "POST", body });
    if (result.ok) {
      // The dialog stays busy until the board replaces this page.
      router.push(`/snaps/${encodeURIComponent(result.data.snap.id)}`);
      return;
    }
    setPending(false);
    const fields = fieldErrorsOf(result.error);
    if (fields.title || fields.rows || fields.cols) setErrors({ title: fields.title, rows: fields.rows, cols: fields.cols });
    else setFormError(result.error.message);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4">
      {formError && <Alert title="Could not create the snap">{formError}</Alert>}
      <TextField
        label="Title"
        name="title"
        placeholder={template ? "As in the template" : "Untitled Snap"}
        autoComplete="off"
        maxLength={MAX_TITLE}
        labelAside="Optional"
        value={title}
        onChange={(event) => edit("title", setTitle, event.target.value)}
        error={errors.title}
        data-autofocus
      />
      <TemplatePicker value={template?.id ?? null} onChange={setTemplate} />
      {!template && (
        <>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Rows"
              name="rows"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SIZE}
              required
              value={rows}
              onChange={(event) => edit("rows", setRows, event.target.value)}
              error={errors.rows}
            />
            <TextField
              label="Columns"
              name="cols"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SIZE}
              required
              value={cols}
              onChange={(event) => edit("cols", setCols, event.target.value)}
              error={errors.cols}
            />
          </div>
          <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            {rowCount !== null && colCount !== null ? (
              <>
                <GridShapePreview rows={rowCount} cols={colCount} />
                <p className="mt-2 text-center text-xs text-slate-500" aria-live="polite">
                  {rowCount} × {colCount} = {rowCount * colCount} {rowCount * colCount === 1 ? "card" : "cards"}
                </p>
              </>
            ) : (
              <p className="py-9 text-center text-xs text-slate-500">Rows and columns go from 1 to {MAX_SIZE}.</p>
            )}
          </div>
        </>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? "Creating…" : "Create snap"}
        </Button>
      </DialogActions>
    </form>
  );
}
