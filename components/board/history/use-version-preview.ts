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
  /** Restores the previewed version. */
  restore: () => Promise<RestoreResult>;
}

/** What a restore answered: the snap's new version (the restore's own), or the error to show. */
export type RestoreResult = { version: number } | { error: string };

/** Restores a version of the snap (POST /api/snaps/:id/restore). */
export async function restoreSnapVersion(snapId: string, version: number): Promise<RestoreResult> {
  const result = await callApi<{ snap: { version: number } }>(`/api/snaps/${snapId}/restore`, { method: "POST", body: { version } });
  return result.ok ? { version: result.data.snap.version } : { error: result.error.message };
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
    if (version === null) return { error: "Pick a version first" };
    const result = await restoreSnapVersion(snapId, version);
    if ("version" in result) close();
    return result;
  }, [snapId, version, close]);

  return { version, doc, error, show: (next) => void show(next), close, restore };
}
