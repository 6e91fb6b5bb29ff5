"use client";

import type { z } from "zod";
import type { fileSchema } from "@/lib/files/file-schemas";

export type UploadedFile = z.output<typeof fileSchema>;

export class UploadCancelled extends Error {
  constructor() {
    super("Upload cancelled");
  }
}

/**
 * POST /api/snaps/:id/files with one multipart part, by XMLHttpRequest: fetch reports no upload
 * progress. Rejects with the API's message (too large, quota, not allowed) or UploadCancelled.
 */
export function uploadFileRequest(
  snapId: string,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): { done: Promise<UploadedFile>; cancel: () => void } {
  const request = new XMLHttpRequest();
  const done = new Promise<UploadedFile>((resolve, reject) => {
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      let body: { file?: UploadedFile; error?: { message?: string } } | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: a proxy's page
      }
      if (request.status === 201 && body?.file) resolve(body.file);
      else reject(new Error(body?.error?.message ?? (request.status === 413 ? "The file is too large" : `The upload failed (${request.status || "network"})`)));
    };
    request.onerror = () => reject(new Error("The upload failed: the connection was lost"));
    request.onabort = () => reject(new UploadCancelled());
  });
  const form = new FormData();
  form.append("file", file, file.name || "pasted image");
  request.open("POST", `/api/snaps/${encodeURIComponent(snapId)}/files`);
  request.send(form);
  return { done, cancel: () => request.abort() };
}
