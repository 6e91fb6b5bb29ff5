"use client";

import { callApi } from "@/components/http/call-api";
import { Dialog, DialogIconBadge } from "@/components/ui/dialog";
import { NameForm } from "@/components/ui/name-form";
import type { FolderSummary } from "./dashboard-types";
import { FolderPlusIcon, PencilIcon } from "@/components/ui/icons";

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
      {target && (
        <NameForm<{ folder: FolderSummary }>
          initialName={renaming ? target.folder.name : ""}
          placeholder="e.g. Roadmaps"
          submitLabel={renaming ? "Save" : "Create folder"}
          pendingLabel={renaming ? "Saving…" : "Creating…"}
          submit={(name) =>
            target.mode === "create"
              ? callApi("/api/folders", { method: "POST", body: { name } })
              : callApi(`/api/folders/${encodeURIComponent(target.folder.id)}`, { method: "PATCH", body: { name } })
          }
          onSaved={({ folder }) => onSaved(folder, target.mode)}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
