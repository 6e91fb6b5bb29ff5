"use client";

import { useEffect, useState, type FormEvent } from "react";
import { callApi, fieldErrorsOf } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ColorPicker } from "@/components/ui/color-picker";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { TrashIcon } from "@/components/ui/icons";
import { RangeField } from "@/components/ui/range-field";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { BoardSnap } from "../state/board-types";
import { toBoardSnap } from "../state/to-board-doc";

/** A few families that render everywhere; the board adds a sans-serif fallback to any of them. */
const FONT_CHOICES = [
  { value: "Inter", label: "Inter (system sans)" },
  { value: "ui-serif, Georgia, serif", label: "Serif" },
  { value: "ui-monospace, Menlo, monospace", label: "Monospace" },
  { value: "ui-rounded, system-ui, sans-serif", label: "Rounded" },
];
const CANVAS_COLORS = ["#f8fafc", "#ffffff", "#f1f5f9", "#e2e8f0", "#fef3c7", "#ecfccb", "#e0f2fe", "#ede9fe", "#fce7f3", "#0f172a"];
const ICON_CHOICES = ["📋", "🚀", "✅", "💡", "📌", "🎯", "🗓️", "🧭", "⭐", "🔥"];

interface Folder {
  id: string;
  name: string;
}

interface SnapSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  snap: BoardSnap;
  /** Owners and workspace admins may delete the snap. */
  canDelete: boolean;
  onSaved: (snap: Partial<BoardSnap>) => void;
  onDeleteRequest: () => void;
}

export function SnapSettingsDialog({ open, onClose, snap, canDelete, onSaved, onDeleteRequest }: SnapSettingsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Snap settings" description="How this board looks, and where it is filed.">
      <SettingsForm snap={snap} canDelete={canDelete} onCancel={onClose} onSaved={onSaved} onDeleteRequest={onDeleteRequest} />
    </Dialog>
  );
}

type FoldersState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; folders: Folder[] };

function SettingsForm({ snap, canDelete, onCancel, onSaved, onDeleteRequest }: Omit<SnapSettingsDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  const [title, setTitle] = useState(snap.title);
  const [subtitle, setSubtitle] = useState(snap.subtitle ?? "");
  const [icon, setIcon] = useState(snap.icon ?? "");
  const [fontFamily, setFontFamily] = useState(snap.fontFamily);
  const [background, setBackground] = useState(snap.canvasBackgroundColor);
  const [spacing, setSpacing] = useState(snap.cellSpacing);
  const [folderId, setFolderId] = useState(snap.folderId ?? "");
  const [folders, setFolders] = useState<FoldersState>({ status: "loading" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    void callApi<{ folders: Folder[] }>("/api/folders").then((result) => {
      if (!live) return;
      setFolders(result.ok ? { status: "ready", folders: result.data.folders } : { status: "error", message: result.error.message });
    });
    return () => {
      live = false;
    };
  }, []);

  const fontOptions = FONT_CHOICES.some((choice) => choice.value === snap.fontFamily)
    ? FONT_CHOICES
    : [...FONT_CHOICES, { value: snap.fontFamily, label: snap.fontFamily }];
  const folderOptions = [
    { value: "", label: folders.status === "loading" ? "Loading folders…" : "No folder" },
    ...(folders.status === "ready" ? folders.folders.map((folder) => ({ value: folder.id, label: folder.name })) : []),
  ];
  if (folderId && !folderOptions.some((option) => option.value === folderId)) folderOptions.push({ value: folderId, label: "Current folder" });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const trimmed = title.trim();
    if (!trimmed) return setErrors({ title: "Title cannot be empty" });
    const candidate = {
      title: trimmed,
      subtitle: subtitle.trim() || null,
      icon: icon.trim() || null,
      fontFamily,
      canvasBackgroundColor: background,
      cellSpacing: spacing,
      folderId: folderId || null,
    };
    // Only what changed: a member who may edit but not file snaps can still retitle.
    const patch = Object.fromEntries(Object.entries(candidate).filter(([key, value]) => snap[key as keyof BoardSnap] !== value));
    if (Object.keys(patch).length === 0) return onCancel();

    setPending(true);
    const result = await callApi<{ snap: BoardSnap & { rowHeights: unknown; colWidths: unknown } }>(`/api/snaps/${snap.id}`, { method: "PATCH", body: patch });
    setPending(false);
    if (!result.ok) {
      setErrors(fieldErrorsOf(result.error));
      setFormError(result.error.message);
      return;
    }
    onSaved(toBoardSnap(result.data.snap));
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {formError && <Alert title="Couldn't save the settings">{formError}</Alert>}
      <TextField label="Title" value={title} maxLength={200} required error={errors.title} onChange={(event) => setTitle(event.target.value)} data-autofocus />
      <TextField
        label="Subtitle"
        labelAside="Optional"
        value={subtitle}
        maxLength={500}
        error={errors.subtitle}
        onChange={(event) => setSubtitle(event.target.value)}
      />
      <div>
        <TextField
          label="Icon"
          labelAside="An emoji or a few characters"
          value={icon}
          maxLength={16}
          error={errors.icon}
          onChange={(event) => setIcon(event.target.value)}
        />
        <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label="Suggested icons">
          {ICON_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-label={`Use icon ${choice}`}
              aria-pressed={icon === choice}
              onClick={() => setIcon(choice)}
              className="flex size-8 items-center justify-center rounded-md text-base ring-1 ring-slate-200 hover:bg-slate-100 aria-pressed:bg-indigo-50 aria-pressed:ring-indigo-400"
            >
              {choice}
            </button>
          ))}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Font" value={fontFamily} options={fontOptions} onChange={(event) => setFontFamily(event.target.value)} />
        <SelectField
          label="Folder"
          value={folderId}
          options={folderOptions}
          disabled={folders.status === "loading"}
          onChange={(event) => setFolderId(event.target.value)}
        />
      </div>
      {folders.status === "error" && <p className="text-xs text-red-600">Folders could not be loaded: {folders.message}</p>}
      <ColorPicker label="Background" value={background} swatches={CANVAS_COLORS} onChange={setBackground} />
      <RangeField label="Space between cards" value={spacing} min={0} max={64} unit="px" onChange={setSpacing} />

      <DialogActions>
        {canDelete && (
          <Button variant="ghost" className="text-red-600! hover:bg-red-50! sm:mr-auto" onClick={onDeleteRequest}>
            <TrashIcon className="size-4" />
            Delete snap
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Save settings
        </Button>
      </DialogActions>
    </form>
  );
}
