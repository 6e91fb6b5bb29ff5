"use client";

import { useState, type ReactNode, type RefObject } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "./alert";
import { Button } from "./button";
import { Dialog, DialogActions, DialogIconBadge } from "./dialog";
import { AlertIcon } from "./icons";

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** The DELETE the confirm button sends (an /api path). */
  deletePath: string | null;
  confirmLabel: string;
  pendingLabel: string;
  /** Shown above the buttons, e.g. what exactly is being deleted. */
  children?: ReactNode;
  onClose: () => void;
  onDeleted: () => void;
  /** The button that opened the dialog is usually gone after a delete: focus goes here instead. */
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/**
 * A confirm step for a destructive DELETE: Cancel has focus, the button shows progress, and an
 * error stays in the dialog. A 404 counts as done: someone (another tab) got there first, and the
 * outcome asked for holds either way.
 */
export function ConfirmDeleteDialog({ open, title, description, deletePath, children, onClose, ...confirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fallbackFocusRef={confirm.fallbackFocusRef}
      icon={
        <DialogIconBadge tone="red">
          <AlertIcon />
        </DialogIconBadge>
      }
      title={title}
      description={description}
    >
      {open && deletePath && (
        // Keyed by the path, so a new target starts with no stale error or pending state.
        <ConfirmDeleteActions key={deletePath} deletePath={deletePath} onCancel={onClose} {...confirm}>
          {children}
        </ConfirmDeleteActions>
      )}
    </Dialog>
  );
}

function ConfirmDeleteActions({
  deletePath,
  confirmLabel,
  pendingLabel,
  children,
  onCancel,
  onDeleted,
}: Pick<ConfirmDeleteDialogProps, "confirmLabel" | "pendingLabel" | "children" | "onDeleted"> & { deletePath: string; onCancel: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmDelete() {
    setPending(true);
    setError(null);
    const result = await callApi(deletePath, { method: "DELETE" });
    if (result.ok || result.status === 404) return onDeleted();
    setPending(false);
    setError(result.error.message);
  }

  return (
    <>
      {children}
      {error && (
        <div className={children ? "mt-4" : undefined}>
          <Alert>{error}</Alert>
        </div>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirmDelete} pending={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
}
