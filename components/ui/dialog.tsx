"use client";

import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

interface DialogProps {
  open: boolean;
  /** Called for Escape, a backdrop click, or any other close; the parent then sets open to false. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** A tinted icon badge beside the title. */
  icon?: ReactNode;
  /** Off while something must not be lost to a stray click (a secret shown once). */
  closeOnBackdrop?: boolean;
  /**
   * While set, Escape calls it instead of closing (a dialog that asks first). Browsers close anyway on
   * a second Escape with no other input between: the person insisted.
   */
  onEscape?: () => void;
  /** Where focus goes on close when the opener is gone (say, the row it was in was deleted). */
  fallbackFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

const FOCUSABLE = 'input:not([disabled]), button:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page inert and closes on
 * Escape. Focus moves to the element marked data-autofocus, else the first control, and returns to
 * the opener on close. Content is mounted only while open, so each opening starts fresh.
 */
export function Dialog({ open, onClose, title, description, icon, closeOnBackdrop = true, onEscape, fallbackFocusRef, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const wasOpenRef = useRef(false);
  const openerRef = useRef<HTMLElement | null>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      wasOpenRef.current = true;
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const target = dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    } else if (!open && wasOpenRef.current) {
      wasOpenRef.current = false;
      if (dialog.open) dialog.close();
      const opener = openerRef.current;
      openerRef.current = null;
      (opener?.isConnected ? opener : fallbackFocusRef?.current)?.focus();
    }
  }, [open, fallbackFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        if (open) onClose();
      }}
      onCancel={(event) => {
        if (!onEscape) return;
        event.preventDefault();
        onEscape();
      }}
      // Only a press that both starts and ends on the backdrop closes: dragging a text selection
      // out of a field must not.
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
      }}
      // Never taller than the screen: a tall form scrolls inside the panel (its padding keeps focus
      // rings unclipped), and the page behind does not scroll with it.
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto overscroll-contain rounded-2xl bg-white text-slate-900 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-scrim backdrop:backdrop-blur-[2px]"
    >
      {open && (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          {/* Title and (DialogActions) buttons stay in view while a tall body scrolls between them. */}
          <div className="sticky top-0 z-10 -mx-5 flex items-start gap-4 bg-white px-5 pt-5 pb-1 sm:-mx-6 sm:px-6 sm:pt-6">
            {icon && <div className="hidden shrink-0 sm:block">{icon}</div>}
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description && (
                <div id={descriptionId} className="mt-1.5 text-sm text-slate-600">
                  {description}
                </div>
              )}
            </div>
          </div>
          <div className="mt-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/**
 * The row of buttons at the bottom of a dialog: stacked on a phone, right-aligned otherwise. Sticky
 * at the panel's bottom edge, so a form taller than the screen keeps its buttons in view.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-5 mt-6 -mb-5 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-5 pt-4 pb-5 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
      {children}
    </div>
  );
}

const BADGE_TONES = { indigo: "bg-indigo-50 text-indigo-600", red: "bg-red-50 text-red-600" } as const;

export function DialogIconBadge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <div className={`flex size-10 items-center justify-center rounded-full ${BADGE_TONES[tone]}`}>{children}</div>;
}
