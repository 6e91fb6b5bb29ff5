import { AlertIcon, CloudCheckIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import type { SaveStatus } from "../live/board-sync";

/** "Saving…", "Saved" or "Save failed", announced politely as it changes. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex h-8 items-center gap-1.5 text-xs font-medium whitespace-nowrap">
      {status === "saving" && (
        <span className="inline-flex items-center gap-1.5 text-slate-500">
          <Spinner className="size-3.5" />
          Saving…
        </span>
      )}
      {status === "saved" && (
        <span className="inline-flex items-center gap-1.5 text-emerald-700">
          <CloudCheckIcon className="size-4" />
          Saved
        </span>
      )}
      {status === "error" && (
        <span className="inline-flex items-center gap-1.5 text-red-700">
          <AlertIcon className="size-4" />
          Save failed
        </span>
      )}
    </span>
  );
}
