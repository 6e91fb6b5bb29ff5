"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { BrandMark } from "@/components/app-shell/brand-mark";
import { GridIcon } from "@/components/ui/icons";
import { BoardCanvas } from "./canvas/board-canvas";
import { boardFontFamily } from "./canvas/board-font";
import { cardIndex } from "./grid/card-index";
import { canvasBackground } from "./canvas/card-style";
import type { BoardCard } from "./state/board-types";
import type { RestOfBoard } from "./grid/rest-of-board";
import { unpackBoardDoc, type PackedBoardDoc } from "./state/to-board-doc";
import { useReadOnlyCanvas } from "./canvas/read-only-canvas";
import { CommandHost } from "./commands/command-host";
import { useRestOfBoard } from "./grid/use-rest-of-board";
import { FileShareTokenContext } from "./files/file-url-context";
import { useBoardZoom } from "./zoom/use-board-zoom";
import { ZoomControls, useZoomView } from "./zoom/zoom-controls";
import { ZoomStore } from "./zoom/zoom-store";

interface PublicBoardProps {
  /** The snap with its lines and the first window's cards. */
  doc: PackedBoardDoc;
  /** The other cards, on their way; null when doc holds them all. */
  rest: RestOfBoard | null;
}

/** The public share page: the board read-only (keyboard navigation only), and who made it possible. */
export function PublicBoard({ doc: packed, rest }: PublicBoardProps) {
  const [doc, setDoc] = useState(() => unpackBoardDoc(packed));
  const { selection, actions } = useReadOnlyCanvas();
  const [restFailed, setRestFailed] = useState(false);
  const loadingExtent = useRestOfBoard(rest, {
    receive: (cards: BoardCard[]) =>
      setDoc((current) => {
        const known = cardIndex(current.cards);
        return { ...current, cards: [...current.cards, ...cards.filter((card) => !known.has(card.id))] };
      }),
    complete: () => {},
    fail: () => setRestFailed(true),
  });
  const { snap } = doc;
  const scrollerRef = useRef<HTMLElement>(null);
  const [zoomStore] = useState(() => new ZoomStore(snap.id));
  const zoom = useBoardZoom(zoomStore, scrollerRef);
  const zoomView = useZoomView(zoomStore);
  const [commandHost] = useState(() => new CommandHost(true));
  useEffect(() => commandHost.provide({ zoom }), [commandHost, zoom]);

  return (
    <div className="flex h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="flex items-center gap-3 px-4 py-3 sm:px-6">
          <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-lg">
            {snap.icon || <GridIcon className="size-5 text-slate-500" />}
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold text-slate-900 sm:text-lg">{snap.title}</h1>
            {snap.subtitle && <p className="truncate text-xs text-slate-500 sm:text-sm">{snap.subtitle}</p>}
          </div>
          <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">View only</span>
        </div>
      </header>
      <div className="relative min-h-0 flex-1">
        <main
          ref={scrollerRef}
          data-board-scroller
          className="absolute inset-0 touch-pan-x touch-pan-y overflow-auto overscroll-contain bg-slate-50"
          style={{ backgroundColor: canvasBackground(snap.canvasBackgroundColor), fontFamily: boardFontFamily(snap.fontFamily) }}
        >
          <FileShareTokenContext value={snap.shareToken}>
            <BoardCanvas
              doc={doc}
              loadingExtent={loadingExtent}
              editable={false}
              selection={selection}
              editingId={null}
              connecting={false}
              connectFromId={null}
              actions={actions}
              zoomView={zoomView}
              liveZoom={zoomStore}
              commandHost={commandHost}
            />
          </FileShareTokenContext>
        </main>
        <ZoomControls store={zoomStore} controls={zoom} />
      </div>
      {restFailed && (
        <p role="alert" className="border-t border-red-200 bg-red-50 px-4 py-2 text-center text-sm text-red-700">
          Part of this board could not be loaded. Reload the page to see all of it.
        </p>
      )}
      <footer className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-t border-slate-200 bg-white px-4 py-2.5 text-sm text-slate-500">
        <Link href="/sign-up" className="inline-flex items-center gap-2 rounded-lg hover:opacity-80">
          <span>Made with</span>
          <span className="scale-90">
            <BrandMark />
          </span>
          {/* The visible words start the link's name (WCAG 2.5.3), the rest says where it goes. */}
          <span className="sr-only">: create your own board</span>
        </Link>
        <Link href="/sign-up" className="font-medium text-indigo-600 hover:text-indigo-500">
          Make your own board
        </Link>
      </footer>
    </div>
  );
}
