"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface PreviewBannerProps {
  version: number;
  /** Null while the version is being read. */
  ready: boolean;
  canRestore: boolean;
  onRestore: () => void;
  onBack: () => void;
}

/** Over the canvas while a past version is shown read-only: say so, offer Restore and the way back. */
export function PreviewBanner({ version, ready, canRestore, onRestore, onBack }: PreviewBannerProps) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <span className="inline-flex min-w-0 flex-1 items-center gap-2 font-medium">
        {!ready && <Spinner />}
        Previewing version {version} (read-only)
      </span>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={onBack}>
          Back to current
        </Button>
        {canRestore && (
          <Button size="sm" onClick={onRestore} disabled={!ready}>
            Restore this version
          </Button>
        )}
      </div>
    </div>
  );
}
