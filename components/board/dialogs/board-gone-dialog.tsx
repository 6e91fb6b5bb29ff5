"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { LockIcon } from "@/components/ui/icons";

const LEAVE_AFTER_MS = 6000;

/**
 * The viewer can no longer be on this board (access removed, snap deleted, signed out): says why,
 * then leaves for the dashboard by itself after a few seconds, or at once with the button.
 */
export function BoardGoneDialog({ message, onLeave }: { message: string | null; onLeave: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onLeave, LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [message, onLeave]);

  return (
    <Dialog
      open={message !== null}
      onClose={onLeave}
      closeOnBackdrop={false}
      title={message ?? ""}
      description="You are being taken back to your snaps."
      icon={
        <DialogIconBadge tone="indigo">
          <LockIcon />
        </DialogIconBadge>
      }
    >
      <DialogActions>
        <Button data-autofocus onClick={onLeave}>
          Back to your snaps
        </Button>
      </DialogActions>
    </Dialog>
  );
}
