"use client";

import { useCallback, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import type { BoardDoc } from "../state/board-types";
import { type SnapSource, toBoardDoc } from "../state/to-board-doc";

export interface VersionPreview {
  /** The version being previewed, or null for the live board. */
  version: number | null;
  /** That version's board, once read. */
  doc: BoardDoc | null;
  error: string | null;
  show: (version: number) => void;
  close: () => void;
  /** Restores the previewed version: null when done, else the error to show. */
  restore: () => Promise<string | null>;
}

/** A past version of the snap shown read-only on the canvas, and its restore. */
export function useVersionPreview(snapId: string): VersionPreview {
  const [version, setVersion] = useState<number | null>(null);
  const [doc, setDoc] = useState<BoardDoc | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wanted = useRef<number | null>(null);

  const show = useCallback(
    async (next: number) => {
      wanted.current = next;
      setVersion(next);
      setDoc(null);
      setError(null);
      const result = await callApi<{ snap: SnapSource }>(`/api/snaps/${snapId}/versions/${next}`);
      if (wanted.current !== next) return; // another entry was picked meanwhile
      if (result.ok) setDoc(toBoardDoc(result.data.snap));
      else setError(result.error.message);
    },
    [snapId],
  );

  const close = useCallback(() => {
    wanted.current = null;
    setVersion(null);
    setDoc(null);
    setError(null);
  }, []);

  const restore = useCallback(async () => {
    if (version === null) return "Pick a version first";
    const result = await callApi(`/api/snaps/${snapId}/restore`, { method: "POST", body: { version } });
    if (!result.ok) return result.error.message;
    close();
    return null;
  }, [snapId, version, close]);

  return { version, doc, error, show: (next) => void show(next), close, restore };
}
