"use client";

import { useCallback, useSyncExternalStore } from "react";
import { uploadStore } from "./upload-store";

/** The progress of the upload filling a card, with a Cancel button; nothing when there is none. */
export function UploadProgress({ cardId }: { cardId: string }) {
  const upload = useSyncExternalStore(
    uploadStore.subscribe,
    useCallback(() => uploadStore.get(cardId), [cardId]),
    () => undefined,
  );
  if (!upload) return null;
  const percent = upload.total > 0 ? Math.min(100, Math.round((upload.loaded / upload.total) * 100)) : 0;
  return (
    <div
      data-upload-progress
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 rounded-[inherit] bg-white/90 p-2 text-xs text-slate-700 dark:bg-slate-900/90 dark:text-slate-200"
    >
      <span className="max-w-full truncate font-medium">{upload.name}</span>
      <progress className="h-1.5 w-3/4 accent-indigo-600" max={100} value={percent} aria-label={`Uploading ${upload.name}`}>
        {percent}%
      </progress>
      <button
        type="button"
        onPointerDown={(event) => event.stopPropagation()}
        onClick={(event) => {
          event.stopPropagation();
          upload.cancel();
        }}
        className="rounded-md px-2 py-0.5 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:ring-indigo-700 dark:hover:bg-slate-800"
      >
        Cancel upload
      </button>
    </div>
  );
}
