"use client";

import type { RefObject } from "react";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
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

/** Confirms a removal and says where the member and their snaps go. */
export function RemoveMemberDialog({ member, isYou, onClose, onRemoved, fallbackFocusRef }: RemoveMemberDialogProps) {
  const name = member ? memberName(member) : "";
  return (
    <ConfirmDeleteDialog
      open={member !== null}
      title={isYou ? "Leave this workspace?" : `Remove ${name}?`}
      description={
        isYou
          ? "You move to a new personal workspace of your own, and your snaps go with you. Snaps you shared with this workspace stop being shared."
          : `${name} moves to a new personal workspace of their own, and their snaps go with them. Snaps they shared with this workspace stop being shared.`
      }
      deletePath={member && `/api/workspace/members/${encodeURIComponent(member.id)}`}
      confirmLabel={isYou ? "Leave workspace" : "Remove member"}
      pendingLabel={isYou ? "Leaving…" : "Removing…"}
      onClose={onClose}
      onDeleted={() => member && onRemoved(member)}
      fallbackFocusRef={fallbackFocusRef}
    />
  );
}
