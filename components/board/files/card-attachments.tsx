"use client";

import { useState } from "react";
import { CloseIcon, DownloadIcon, PaperclipIcon } from "@/components/ui/icons";
import { viewerKind } from "@/lib/files/viewable-file";
import type { BoardCard } from "../state/board-types";
import { FileViewer } from "./file-viewer";
import { UploadFileButton } from "./upload-file-button";
import type { UploadedFile } from "./upload-file-request";

type Attachment = BoardCard["attachments"][number];

interface CardAttachmentsProps {
  snapId: string;
  card: BoardCard;
  /** Absent for a reader: chips with their download link, no remove, no attach. */
  onAttach?: (file: Attachment) => void;
  onDetach?: (fileId: string) => void;
}

/** "1.2 MB": a file's size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * A card's attachments in the inspector (docs/API.md, "Cards"): a chip per file with its name,
 * size and a download link (?download=1 answers it as an attachment whatever its type), a remove
 * button for an editor; an image's or a PDF's name opens it in the file viewer, stepping through
 * the card's images and PDFs; "Attach file" uploads one (progress and Cancel on the card) and attaches it.
 * Removing and attaching are card edits: they show at once and roll back with a message on failure.
 */
export function CardAttachments({ snapId, card, onAttach, onDetach }: CardAttachmentsProps) {
  const editable = onAttach !== undefined;
  const viewable = card.attachments.filter((file) => viewerKind(file.contentType) !== null);
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <div className="space-y-2">
      {card.attachments.length === 0 ? (
        <p className="text-xs text-slate-500">No attachments.</p>
      ) : (
        <ul aria-label="Attachments" className="flex flex-col gap-1.5">
          {card.attachments.map((file) => (
            <li
              key={file.id}
              data-attachment-id={file.id}
              className="flex min-w-0 items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-sm text-slate-800"
            >
              <PaperclipIcon className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1">
                {viewerKind(file.contentType) ? (
                  <button
                    type="button"
                    aria-label={`Open ${file.name}`}
                    title={`Open ${file.name}`}
                    onClick={() => setViewing(viewable.findIndex((each) => each.id === file.id))}
                    className="block max-w-full truncate rounded-sm text-left font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {file.name}
                  </button>
                ) : (
                  <span className="block truncate font-medium" title={file.name}>
                    {file.name}
                  </span>
                )}
                <span className="block text-xs text-slate-500">{formatFileSize(file.size)}</span>
              </span>
              <a
                href={`/api/files/${encodeURIComponent(file.id)}?download=1`}
                download={file.name}
                aria-label={`Download ${file.name}`}
                title="Download"
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <DownloadIcon className="size-4" />
              </a>
              {onDetach && (
                <button
                  type="button"
                  aria-label={`Remove ${file.name}`}
                  title="Remove"
                  onClick={() => onDetach(file.id)}
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <CloseIcon className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {viewing !== null && viewable[viewing] && <FileViewer files={viewable} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />}
      {editable && (
        <UploadFileButton
          snapId={snapId}
          cardId={card.id}
          label="Attach file…"
          onUploaded={(uploaded: UploadedFile) => onAttach({ id: uploaded.id, name: uploaded.name, contentType: uploaded.contentType, size: uploaded.size })}
        />
      )}
    </div>
  );
}
