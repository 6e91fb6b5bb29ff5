"use client";

import { useEffect } from "react";
import { AlertIcon, CheckIcon, UsersIcon } from "./icons";

const VISIBLE_MS = 4000;
/** Info notices (someone else's edit met yours) are longer sentences: they stay up longer. */
const INFO_VISIBLE_MS = 8000;

/**
 * A brief confirmation in the corner. The live region is always mounted, so screen readers
 * announce each new message; the parent clears it through onDismiss.
 */
export function Toast({ message, onDismiss, tone = "success" }: { message: string | null; onDismiss: () => void; tone?: "success" | "error" | "info" }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, tone === "info" ? INFO_VISIBLE_MS : VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss, tone]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:inset-x-auto sm:right-6 sm:bottom-6">
      {message && (
        <div className="pointer-events-auto flex max-w-md items-center gap-2.5 rounded-xl bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg">
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
