"use client";

import { useState, type RefObject } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";
import type { FolderSummary } from "./dashboard-types";

interface DeleteFolderDialogProps {
  folder: FolderSummary | null;
  onClose: () => void;
  onDeleted: (folder: FolderSummary) => void;
  /** The folder's own menu is gone after a delete: focus goes here instead. */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Deleting a folder keeps its snaps (they become unfiled), but still asks first. Cancel has focus. */
export function DeleteFolderDialog({ folder, onClose, onDeleted, fallbackFocusRef }: DeleteFolderDialogProps) {
  return (
    <Dialog
      open={folder !== null}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      icon={
        <DialogIconBadge tone="red">
          <AlertIcon />
        </DialogIconBadge>
      }
      title={folder ? `Delete folder “${folder.name}”?` : "Delete folder?"}
      description="Its snaps are not deleted: they stay in the workspace, in no folder."
    >
      {folder && <DeleteFolderConfirm folder={folder} onCancel={onClose} onDeleted={onDeleted} />}
    </Dialog>
  );
}

function DeleteFolderConfirm({ folder, onCancel, onDeleted }: { folder: FolderSummary; onCancel: () => void; onDeleted: (folder: FolderSummary) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setPending(true);
    setError(null);
    const result = await callApi(`/api/folders/${encodeURIComponent(folder.id)}`, { method: "DELETE" });
    // 404: someone else deleted it first; the outcome asked for either way.
    if (result.ok || result.status === 404) return onDeleted(folder);
    setPending(false);
    setError(result.error.message);
  }

  return (
    <>
      {error && <Alert>{error}</Alert>}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={remove} pending={pending}>
          {pending ? "Deleting…" : "Delete folder"}
        </Button>
      </DialogActions>
    </>
  );
}
