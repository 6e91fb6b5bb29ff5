"use client";

import { useEffect } from "react";
import { AlertIcon, CheckIcon } from "./icons";

const VISIBLE_MS = 4000;

/**
 * A brief confirmation in the corner. The live region is always mounted, so screen readers
 * announce each new message; the parent clears it through onDismiss.
 */
export function Toast({ message, onDismiss, tone = "success" }: { message: string | null; onDismiss: () => void; tone?: "success" | "error" }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDismiss, VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [message, onDismiss]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:inset-x-auto sm:right-6 sm:bottom-6">
      {message && (
        <div className="pointer-events-auto flex max-w-md items-center gap-2.5 rounded-xl bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg">
          {tone === "error" ? <AlertIcon className="size-4 shrink-0 text-red-400" /> : <CheckIcon className="size-4 shrink-0 text-emerald-400" />}
          {message}
        </div>
      )}
    </div>
  );
}
