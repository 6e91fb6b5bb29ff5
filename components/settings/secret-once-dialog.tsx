"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
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
 * warning that it will not be shown again, and Done. A stray click on the backdrop cannot lose it,
 * and Escape before the secret was copied asks first (a second Escape closes; Done is a choice made).
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
  const [copiedSecret, setCopiedSecret] = useState<string | null>(null);
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const unsaved = secret !== null && copiedSecret !== secret;
  const asking = unsaved && askedFor === secret;
  // The question comes after the dialog opened (whose focus goes to data-autofocus only then): its safe answer takes the focus.
  const goBack = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) goBack.current?.focus();
  }, [asking]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      onEscape={unsaved && !asking ? () => setAskedFor(secret) : undefined}
      closeOnBackdrop={secret === null}
      icon={<DialogIconBadge tone="indigo">{icon}</DialogIconBadge>}
      title={secret ? revealTitle : title}
      description={secret ? revealDescription : description}
    >
      {secret ? (
        <>
          <SecretReveal secret={secret} label={secretLabel} what={secretNoun} onCopied={() => setCopiedSecret(secret)} />
          {afterSecret && <div className="mt-5">{afterSecret}</div>}
          {asking && (
            <div role="alert" className="mt-5">
              <Alert tone="warning" title={`Close without copying the ${secretNoun ?? "key"}?`}>
                It cannot be shown again. Copy it first, or close anyway and make a new one later.
              </Alert>
            </div>
          )}
          <DialogActions>
            {asking ? (
              <>
                <Button ref={goBack} variant="secondary" onClick={() => setAskedFor(null)}>
                  Go back
                </Button>
                <Button variant="danger" onClick={onClose}>
                  Close without copying
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>Done</Button>
            )}
          </DialogActions>
        </>
      ) : (
        children
      )}
    </Dialog>
  );
}
