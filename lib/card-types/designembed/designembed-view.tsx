"use client";

import { useEffect, useState } from "react";
import { useOnline } from "@/lib/browser/use-online";
import type { CardContentProps, CardTypeView } from "../card-view";
import { displayUrl } from "../link/link";

/** A frame that has not loaded by then is taken as one that cannot (the site refuses frames, or is unreachable). */
const LOAD_WAIT_MS = 12_000;

/**
 * The embed's frame, with a way out when it cannot be shown: a page may refuse to be framed, or be
 * unreachable, and the browser then draws its own broken page, which a page cannot detect (the
 * frame is another origin). So the link is always on the card, in a bar under the frame, and a
 * frame that has not loaded after LOAD_WAIT_MS is replaced by a notice with it; offline, a frame not
 * loaded yet is a notice at once, and the frame comes back with the network.
 */
function DesignEmbedContent({ card, url, editable, selected }: CardContentProps) {
  // What is known of the frame of each URL (a new URL starts over).
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const state = url && loadedUrl === url ? "loaded" : url && failedUrl === url ? "failed" : "loading";
  // Offline, the browser would frame its own error page and call it loaded: the notice instead, at once.
  const offline = !useOnline();
  useEffect(() => {
    if (!url || offline) return;
    const timer = setTimeout(() => setFailedUrl(url), LOAD_WAIT_MS);
    return () => clearTimeout(timer);
  }, [url, offline]);
  if (!url) return null;
  const link = (
    <a href={url} target="_blank" rel="noopener noreferrer" className="truncate font-medium text-indigo-700 underline underline-offset-2">
      {displayUrl(url)}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
  return (
    <div className="absolute inset-0 flex flex-col bg-white">
      {offline && state !== "loaded" ? (
        <div role="note" className="flex min-h-0 flex-1 flex-col items-center justify-center gap-1 p-3 text-center text-xs text-slate-600">
          <p>You are offline: this design shows once you are back online.</p>
        </div>
      ) : state === "failed" ? (
        <div role="note" className="flex min-h-0 flex-1 flex-col items-center justify-center gap-1 p-3 text-center text-xs text-slate-600">
          <p>This design cannot be shown here.</p>
          <p className="max-w-full">Open it: {link}</p>
        </div>
      ) : (
        <iframe
          src={url}
          title={card.note.trim() || "Design embed"}
          // Scripts run, but without allow-same-origin the frame is an opaque origin: it cannot read
          // this app's cookies or storage, nor script the page. No referrer leaks the board's URL.
          sandbox="allow-scripts allow-popups"
          referrerPolicy="no-referrer"
          loading="lazy"
          onLoad={() => {
            if (navigator.onLine) setLoadedUrl(url);
          }}
          className="min-h-0 w-full flex-1 border-0 bg-white"
          style={{ pointerEvents: editable && !selected ? "none" : "auto" }}
        />
      )}
      <div className="flex min-w-0 items-center gap-1 border-t border-slate-200 bg-slate-50 px-2 py-0.5 text-[11px] leading-4">{link}</div>
    </div>
  );
}

export const designEmbedView: CardTypeView = {
  Content: DesignEmbedContent,
  inspector: {},
  preview: { glyph: <span className="size-2 shrink-0 rounded-[2px] border border-violet-400 bg-violet-100" /> },
};
