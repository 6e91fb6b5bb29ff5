"use client";

import { useState, type RefObject } from "react";
import { callApi } from "@/components/http/call-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";
import { memberName, type WorkspaceMember } from "./workspace-types";

interface RemoveMemberDialogProps {
  /** The member to remove; null when closed. */
  member: WorkspaceMember | null;
  /** Removing yourself is leaving: worded so. */
  isYou: boolean;
  onClose: () => void;
  onRemoved: (member: WorkspaceMember) => void;
  fallbackFocusRef: RefObject<HTMLElement | null>;
}

/** Confirms a removal and says where the member and their snaps go. Cancel has focus. */
export function RemoveMemberDialog({ member, isYou, onClose, onRemoved, fallbackFocusRef }: RemoveMemberDialogProps) {
  const name = member ? memberName(member) : "";
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      fallbackFocusRef={fallbackFocusRef}
      icon={
        <DialogIconBadge tone="red">
          <AlertIcon />
        </DialogIconBadge>
      }
      title={isYou ? "Leave this workspace?" : `Remove ${name}?`}
      description={
        isYou
          ? "You move to a new personal workspace of your own, and your snaps go with you. Snaps you shared with this workspace stop being shared."
          : `${name} moves to a new personal workspace of their own, and their snaps go with them. Snaps they shared with this workspace stop being shared.`
      }
    >
      {member && <RemoveMemberConfirm member={member} isYou={isYou} onCancel={onClose} onRemoved={onRemoved} />}
    </Dialog>
  );
}

function RemoveMemberConfirm({ member, isYou, onCancel, onRemoved }: { member: WorkspaceMember; isYou: boolean; onCancel: () => void; onRemoved: (member: WorkspaceMember) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setPending(true);
    setError(null);
    const result = await callApi(`/api/workspace/members/${encodeURIComponent(member.id)}`, { method: "DELETE" });
    // 404: already gone (removed from another tab); what was asked for either way.
    if (result.ok || result.status === 404) return onRemoved(member);
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
          {pending ? (isYou ? "Leaving…" : "Removing…") : isYou ? "Leave workspace" : "Remove member"}
        </Button>
      </DialogActions>
    </>
  );
}
