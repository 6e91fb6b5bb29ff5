"use client";

import { createContext, useContext } from "react";

/** The public board's share token, which its readers (no session) send to read its files. */
export const FileShareTokenContext = createContext<string | null>(null);

/** An uploaded file's path as an image card's title holds it (lib/files/file-view.ts). */
const FILE_PATH = /^\/api\/files\/[a-z0-9]{8,64}$/;

export function isFilePath(text: string): boolean {
  return FILE_PATH.test(text.trim());
}

/** Where an image card loads an uploaded file: its display rendition, with the share token on a public board. */
export function useFileDisplayUrl(path: string): string {
  const shareToken = useContext(FileShareTokenContext);
  const query = new URLSearchParams({ size: "display", ...(shareToken ? { share: shareToken } : {}) });
  return `${path.trim()}?${query}`;
}
