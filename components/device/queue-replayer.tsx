"use client";

import { useEffect, useState } from "react";
import { changeQueueFor } from "./change-queue";
import { replayOrphans } from "./replay-orphans";
import { mergeNotice } from "@/components/board/live/merge-notice";
import { liveTabLocks } from "./this-tab";

/**
 * Mounted in the signed-in shell, on every page: sends the changes a closed or crashed tab left on
 * this device, when the app opens and whenever the network comes back. One tab at a time does it
 * (a Web Lock); the others find the lock taken and leave it. A change the server refuses is said,
 * and so is someone else's write it replaced or a card deleted meanwhile.
 */
export function QueueReplayer({ userId }: { userId: string }) {
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    const queue = changeQueueFor(userId);
    if (!queue || typeof navigator === "undefined" || !navigator.locks) return;
    const controller = new AbortController();
    let running = false;
    const replay = () => {
      if (running) return;
      running = true;
      void navigator.locks
        .request(`snap-queue-replay:${userId}`, { ifAvailable: true }, async (lock) => {
          if (!lock) return;
          const live = await liveTabLocks();
          if (!live) return;
          const outcome = await replayOrphans(queue, live, undefined, controller.signal);
          const first = outcome.refused[0];
          // The cards' names are the board's; here they are not known.
          const merged = outcome.merged.reduce(
            (all, report) => ({ overwritten: [...all.overwritten, ...report.overwritten], deleted: [...all.deleted, ...report.deleted] }),
            {
              overwritten: [],
              deleted: [],
            },
          );
          if (!first && (merged.overwritten.length || merged.deleted.length))
            setRefused(`Changes made earlier on this device were saved. ${mergeNotice(merged, () => null)}`);
          if (first) {
            setRefused(
              outcome.refused.length === 1
                ? `A change made earlier on this device could not be saved: ${first.message}`
                : `${outcome.refused.length} changes made earlier on this device could not be saved: ${first.message}`,
            );
          }
        })
        .catch((error: unknown) => console.error("replaying queued changes failed", error))
        .finally(() => {
          running = false;
        });
    };
    replay();
    window.addEventListener("online", replay);
    return () => {
      controller.abort();
      window.removeEventListener("online", replay);
    };
  }, [userId]);

  if (!refused) return null;
  return (
    <div
      role="alert"
      className="fixed bottom-4 left-4 z-50 flex max-w-md items-start gap-3 rounded-lg border border-red-200 bg-white px-4 py-3 text-sm text-red-800 shadow-lg"
    >
      <p>{refused}</p>
      <button
        type="button"
        className="shrink-0 rounded font-medium underline focus-visible:outline-2 focus-visible:outline-offset-2"
        onClick={() => setRefused(null)}
      >
        Dismiss
      </button>
    </div>
  );
}
