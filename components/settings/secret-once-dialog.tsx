"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogIconBadge } from "@/components/ui/dialog";
import { SecretReveal } from "./secret-reveal";

interface SecretOnceDialogProps {
  open: boolean;
  /** Escape, Cancel or Done: the parent forgets the secret and closes. */
  onClose: () => void;
  /** Drawn in the dialog's indigo badge. */
  icon: ReactNode;
  /** null during the first step; once set, the dialog shows it and nothing else can bring it back. */
  secret: string | null;
  /** The first step (a form or a confirmation), with its own actions. */
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** The second step: the secret, its field label ("API key") and what to call it in the warning ("key"). */
  revealTitle: string;
  revealDescription: ReactNode;
  secretLabel?: string;
  secretNoun?: string;
  /** Shown under the secret, such as how to use it. */
  afterSecret?: ReactNode;
}

/**
 * A dialog that creates a secret and shows it once: the first step, then the secret with Copy, the
 * warning that it will not be shown again, and Done. A stray click on the backdrop cannot lose it.
 */
export function SecretOnceDialog({
  open,
  onClose,
  icon,
  secret,
  title,
  description,
  children,
  revealTitle,
  revealDescription,
  secretLabel,
  secretNoun,
  afterSecret,
}: SecretOnceDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeOnBackdrop={secret === null}
      icon={<DialogIconBadge tone="indigo">{icon}</DialogIconBadge>}
      title={secret ? revealTitle : title}
      description={secret ? revealDescription : description}
    >
      {secret ? (
        <>
          <SecretReveal secret={secret} label={secretLabel} what={secretNoun} />
          {afterSecret && <div className="mt-5">{afterSecret}</div>}
          <DialogActions>
            <Button onClick={onClose}>Done</Button>
          </DialogActions>
        </>
      ) : (
        children
      )}
    </Dialog>
  );
}
