"use client";

import { useEffect } from "react";
import { AlertIcon, CheckIcon, UsersIcon } from "./icons";

const VISIBLE_MS = 4000;
/** Info notices (someone else's edit met yours) are longer sentences: they stay up longer. */
const INFO_VISIBLE_MS = 8000;

/**
 * Where the toast sits. "board": never over the board's inspector, which is a bottom sheet on
 * narrow screens (the toast goes to the top) and a 20rem side panel on wide ones (it stays left of it).
 */
const PLACEMENT = {
  corner: "inset-x-4 bottom-4 sm:inset-x-auto sm:right-6 sm:bottom-6",
  board: "inset-x-4 top-[4.75rem] lg:inset-x-auto lg:top-auto lg:right-[calc(20rem+1.5rem)] lg:bottom-6",
} as const;

/**
 * A brief confirmation in the corner. The live region is always mounted, so screen readers
 * announce each new message; the parent clears it through onDismiss. Dark with light text in both
 * themes (keep-light-palette): the mirrored palette would make it a pale slab on the dark page,
 * brighter than anything it floats over.
 */
export function Toast({
  message,
  onDismiss,
  tone = "success",
  placement = "corner",
}: {
  message: string | null;
  onDismiss: () => void;
  tone?: "success" | "error" | "info";
  placement?: keyof typeof PLACEMENT;
}) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, tone === "info" ? INFO_VISIBLE_MS : VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss, tone]);

  return (
    <div role="status" aria-live="polite" className={`pointer-events-none fixed z-50 flex justify-center ${PLACEMENT[placement]}`}>
      {message && (
        <div className="keep-light-palette pointer-events-auto flex max-w-md items-center gap-2.5 rounded-xl bg-slate-800 px-4 py-3 text-sm font-medium text-slate-50 shadow-lg">
          {tone === "error" ? (
            <AlertIcon className="size-4 shrink-0 text-red-400" />
          ) : tone === "info" ? (
            <UsersIcon className="size-4 shrink-0 text-amber-300" />
          ) : (
            <CheckIcon className="size-4 shrink-0 text-emerald-400" />
          )}
          {message}
        </div>
      )}
    </div>
  );
}
