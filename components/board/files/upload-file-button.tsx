"use client";

import { useId, useRef, useState, useSyncExternalStore } from "react";
import { buttonClassName } from "@/components/ui/button";
import { UploadCancelled, uploadFileRequest, type UploadedFile } from "./upload-file-request";
import { uploadStore } from "./upload-store";

interface UploadFileButtonProps {
  snapId: string;
  cardId: string;
  /** An image card takes images; a link card any file. */
  accept?: string;
  label: string;
  /** The upload is stored (an image or link card takes its URL as title, any card may attach it). */
  onUploaded: (file: UploadedFile) => void;
}

/** The inspector's file picker: the upload's progress shows on the card, a failure says why here. */
export function UploadFileButton({ snapId, cardId, accept, label, onUploaded }: UploadFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const uploading = useSyncExternalStore(
    uploadStore.subscribe,
    () => uploadStore.get(cardId) !== undefined,
    () => false,
  );
  const pick = (file: File) => {
    setError(null);
    const { done, cancel } = uploadFileRequest(snapId, file, (loaded, total) => uploadStore.set(cardId, { name: file.name, loaded, total, cancel }));
    uploadStore.set(cardId, { name: file.name, loaded: 0, total: file.size, cancel });
    done.then(
      (uploaded) => {
        uploadStore.set(cardId, null);
        onUploaded(uploaded);
      },
      (failure: Error) => {
        uploadStore.set(cardId, null);
        if (!(failure instanceof UploadCancelled)) setError(`Couldn't upload ${file.name}: ${failure.message}`);
      },
    );
  };
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        disabled={uploading}
        aria-describedby={error ? errorId : undefined}
        onClick={() => input.current?.click()}
        className={buttonClassName("secondary", "sm", "self-start")}
      >
        {uploading ? "Uploading…" : label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) pick(file);
        }}
      />
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
