import { AlertIcon, CloudCheckIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import type { SaveState } from "../live/board-sync";

/**
 * What saving is doing, announced politely as it changes: "Saving…", "Saved", "Save failed", or
 * "3 changes waiting" while the server cannot be reached (they are on the device and go out when
 * it can; docs/SAVING.md). Its room is kept while it is empty, so the header's buttons do not move
 * when it first appears; on a phone only the icon shows.
 */
export function SaveIndicator({ status }: { status: SaveState }) {
  const { phase, pending } = status;
  return (
    <span
      role="status"
      aria-live="polite"
      data-save-indicator
      data-save-phase={phase}
      className="inline-flex h-8 w-5 shrink-0 items-center gap-1.5 text-xs font-medium whitespace-nowrap sm:w-auto sm:min-w-24"
    >
      {phase === "saving" && (
        <span className="inline-flex items-center gap-1.5 text-slate-500">
          <Spinner className="size-3.5" />
          <span className="sr-only sm:not-sr-only">Saving…</span>
        </span>
      )}
      {phase === "waiting" && (
        <span className="inline-flex items-center gap-1.5 text-amber-700" title="Kept on this device; sent as soon as the server can be reached">
          <Spinner className="size-3.5" />
          <span className="sr-only sm:not-sr-only">{pending === 1 ? "1 change waiting" : `${pending.toLocaleString("en-US")} changes waiting`}</span>
        </span>
      )}
      {phase === "saved" && (
        <span className="inline-flex items-center gap-1.5 text-emerald-700">
          <CloudCheckIcon className="size-4" />
          <span className="sr-only sm:not-sr-only">Saved</span>
        </span>
      )}
      {phase === "error" && (
        <span className="inline-flex items-center gap-1.5 text-red-700">
          <AlertIcon className="size-4" />
          <span className="sr-only sm:not-sr-only">Save failed</span>
        </span>
      )}
    </span>
  );
}
