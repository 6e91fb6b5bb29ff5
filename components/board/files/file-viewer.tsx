"use client";

import { useEffect, useRef, type KeyboardEvent } from "react";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, DownloadIcon } from "@/components/ui/icons";
import { viewerKind } from "@/lib/files/viewable-file";

export interface ViewerFile {
  id: string;
  name: string;
  contentType: string;
}

interface FileViewerProps {
  /** The files it steps through (images and PDFs); `index` is the one shown. */
  files: ViewerFile[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

const fileHref = (id: string, query: string) => `/api/files/${encodeURIComponent(id)}?${query}`;

const CONTROL =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * A card's images and PDFs, in the page: an image at its display size with Previous and Next (and
 * the arrow keys) across the files, a PDF in the browser's own viewer (framed from ?view=1, the one
 * file answer that may be framed: docs/SECURITY.md, "Uploaded files"), a Download button. A modal
 * <dialog>: the page behind is inert, Escape closes, and focus returns to the opener.
 */
export function FileViewer({ files, index, onIndexChange, onClose }: FileViewerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const file = files[index];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  if (!file) return null;
  const kind = viewerKind(file.contentType);
  const many = files.length > 1;
  const step = (by: number) => onIndexChange((index + by + files.length) % files.length);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // The board's own arrow keys must not move its selection behind the viewer.
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.stopPropagation();
    if (!many) return;
    event.preventDefault();
    step(event.key === "ArrowLeft" ? -1 : 1);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-label={`${file.name}${many ? `, ${index + 1} of ${files.length}` : ""}`}
      data-file-viewer=""
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-0 flex h-dvh max-h-none w-screen max-w-none flex-col bg-slate-950/95 text-white backdrop:bg-black/60"
    >
      <div className="flex items-center gap-2 border-b border-white/10 px-3 py-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-medium" title={file.name}>
          {file.name}
        </h2>
        {many && (
          <span className="shrink-0 text-xs text-slate-300" aria-live="polite">
            {index + 1} of {files.length}
          </span>
        )}
        <a href={fileHref(file.id, "download=1")} download={file.name} aria-label={`Download ${file.name}`} title="Download" className={CONTROL}>
          <DownloadIcon className="size-5" />
        </a>
        <button type="button" data-autofocus aria-label="Close viewer" title="Close (Esc)" onClick={onClose} className={CONTROL}>
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center p-2 sm:p-4">
        {kind === "pdf" ? (
          // No sandbox attribute: Chrome refuses to show a PDF in a sandboxed frame. What keeps the
          // file from scripting this page is its own answer (docs/SECURITY.md, "Uploaded files").
          <iframe key={file.id} src={fileHref(file.id, "view=1")} title={`${file.name} (PDF)`} className="size-full rounded bg-white" />
        ) : (
          // eslint-disable-next-line @next/next/no-img-element -- an uploaded file at its display rendition, not a static asset.
          <img key={file.id} src={fileHref(file.id, "size=display")} alt={file.name} className="max-h-full max-w-full object-contain" />
        )}
        {many && (
          <>
            <button
              type="button"
              aria-label="Previous file"
              title="Previous (←)"
              onClick={() => step(-1)}
              className={`${CONTROL} absolute top-1/2 left-2 size-11 -translate-y-1/2 bg-black/50`}
            >
              <ChevronLeftIcon className="size-6" />
            </button>
            <button
              type="button"
              aria-label="Next file"
              title="Next (→)"
              onClick={() => step(1)}
              className={`${CONTROL} absolute top-1/2 right-2 size-11 -translate-y-1/2 bg-black/50`}
            >
              <ChevronRightIcon className="size-6" />
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
