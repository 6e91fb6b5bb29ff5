"use client";

import type { RefObject } from "react";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import type { FolderSummary } from "./dashboard-types";

interface DeleteFolderDialogProps {
  folder: FolderSummary | null;
  onClose: () => void;
  onDeleted: (folder: FolderSummary) => void;
  /** The folder's own menu is gone after a delete: focus goes here instead. */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Deleting a folder keeps its snaps (they become unfiled), but still asks first. */
export function DeleteFolderDialog({ folder, onClose, onDeleted, fallbackFocusRef }: DeleteFolderDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={folder !== null}
      title={folder ? `Delete folder “${folder.name}”?` : "Delete folder?"}
      description="Its snaps are not deleted: they stay in the workspace, in no folder."
      deletePath={folder && `/api/folders/${encodeURIComponent(folder.id)}`}
      confirmLabel="Delete folder"
      pendingLabel="Deleting…"
      onClose={onClose}
      onDeleted={() => folder && onDeleted(folder)}
      fallbackFocusRef={fallbackFocusRef}
    />
  );
}
