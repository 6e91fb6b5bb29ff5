"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onClose: () => void;
  /** Resolves with an error message to show, or null when done. */
  onConfirm: () => Promise<string | null> | void;
}

/** A destructive action's confirmation; Cancel has focus, so Enter does not destroy by accident. */
export function ConfirmDialog({ open, title, description, confirmLabel, onClose, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      icon={
        <DialogIconBadge tone="red">
          <AlertIcon />
        </DialogIconBadge>
      }
    >
      <ConfirmActions confirmLabel={confirmLabel} onCancel={onClose} onConfirm={onConfirm} />
    </Dialog>
  );
}

function ConfirmActions({ confirmLabel, onCancel, onConfirm }: { confirmLabel: string; onCancel: () => void; onConfirm: ConfirmDialogProps["onConfirm"] }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    const problem = await onConfirm();
    if (problem) {
      setPending(false);
      setError(problem);
    }
  }

  return (
    <>
      {error && <Alert>{error}</Alert>}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" pending={pending} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
}
