import { AlertIcon, CloudCheckIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import type { SaveStatus } from "../live/board-sync";

/**
 * "Saving…", "Saved" or "Save failed", announced politely as it changes. Its room is kept while it
 * is empty, so the header's buttons do not move when it first appears; on a phone only the icon shows.
 */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-save-indicator
      className="inline-flex h-8 w-5 shrink-0 items-center gap-1.5 text-xs font-medium whitespace-nowrap sm:w-24"
    >
      {status === "saving" && (
        <span className="inline-flex items-center gap-1.5 text-slate-500">
          <Spinner className="size-3.5" />
          <span className="sr-only sm:not-sr-only">Saving…</span>
        </span>
      )}
      {status === "saved" && (
        <span className="inline-flex items-center gap-1.5 text-emerald-700">
          <CloudCheckIcon className="size-4" />
          <span className="sr-only sm:not-sr-only">Saved</span>
        </span>
      )}
      {status === "error" && (
        <span className="inline-flex items-center gap-1.5 text-red-700">
          <AlertIcon className="size-4" />
          <span className="sr-only sm:not-sr-only">Save failed</span>
        </span>
      )}
    </span>
  );
}
