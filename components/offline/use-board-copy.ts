"use client";

import { useEffect } from "react";
import type { BoardStore } from "@/components/board/state/board-store";
import type { BoardAccess, BoardDoc } from "@/components/board/state/board-types";
import { packBoardDoc, type PackedBoardDoc } from "@/components/board/state/to-board-doc";
import { BoardCopies } from "./board-copies";
import { deviceForgotten } from "./forget-this-device";

/**
 * Changes come in bursts (a drag, typing): the copy is written once they pause this long, and at the
 * latest this long after the first one (a board others keep changing), when the page is idle.
 * Writing a 100 x 100 board is one JSON pass on the main thread: kept out of a gesture's way.
 */
const QUIET_MS = 3000;
const AT_MOST_MS = 30_000;

/**
 * The board as the server has it, in the server's ids: what the device keeps. A card or line made
 * here that the server has not taken yet is left out: it is still a change on its way, which comes
 * back from the change queue, not from the copy.
 */
export function serverShapedDoc(doc: BoardDoc, serverIdOf: (localId: string) => string | undefined): PackedBoardDoc {
  const cards = doc.cards.flatMap((card) => {
    const id = serverIdOf(card.id);
    return id ? [{ ...card, id }] : [];
  });
  const lines = doc.lines.flatMap((line) => {
    const [id, fromCardId, toCardId] = [serverIdOf(line.id), serverIdOf(line.fromCardId), serverIdOf(line.toCardId)];
    return id && fromCardId && toCardId ? [{ ...line, id, fromCardId, toCardId }] : [];
  });
  return packBoardDoc({ snap: doc.snap, cards, lines });
}

/**
 * Keeps this person's copy of the board on the device (docs/OFFLINE.md): written when the board has
 * opened whole, then again once its changes pause, whenever nothing is being saved (the copy is the server's
 * state at a version, never an edit the server may still refuse), and when the tab is hidden.
 * `gone`: the board was deleted or this person lost access: its copy is removed.
 */
export function useBoardCopy(store: BoardStore, userId: string, access: BoardAccess, gone: boolean): void {
  useEffect(() => {
    // Deleted, or no longer this person's to see: the device forgets it too.
    if (gone) {
      if (deviceForgotten()) return;
      void BoardCopies.open(userId)
        .then(async (copies) => {
          await copies.delete(store.getDoc().snap.id);
          copies.close();
        })
        .catch(() => undefined);
      return;
    }
    let copies: Promise<BoardCopies | null> | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let firstChangeAt: number | null = null;
    let openingStored = false;
    let stopped = false;

    const write = async () => {
      timer = null;
      firstChangeAt = null;
      // Only the server's confirmed state is copied: what waits to be saved is in the change queue.
      const { phase, pending } = store.getSaveState();
      if (stopped || deviceForgotten() || store.loadingRest || pending > 0 || (phase !== "idle" && phase !== "saved" && phase !== "error")) return;
      const doc = store.getDoc();
      copies ??= BoardCopies.open(userId).catch(() => null);
      const opened = !openingStored;
      openingStored = true;
      // A device without room (private browsing, a full disk) opens boards online only.
      await (
        await copies
      )
        ?.put({ snapId: doc.snap.id, doc: serverShapedDoc(doc, store.sync.serverIdOf), version: store.remote.version, access }, { opened })
        .catch(() => undefined);
    };
    const whenIdle = () => {
      if (typeof requestIdleCallback === "undefined") void write();
      else requestIdleCallback(() => void write(), { timeout: QUIET_MS });
    };
    const schedule = () => {
      firstChangeAt ??= Date.now();
      if (timer) clearTimeout(timer);
      timer = setTimeout(whenIdle, Math.max(0, Math.min(QUIET_MS, firstChangeAt + AT_MOST_MS - Date.now())));
    };
    const writeNowWhenHidden = () => {
      if (document.visibilityState !== "hidden" || !timer) return;
      clearTimeout(timer);
      void write();
    };

    schedule();
    const unsubscribe = store.subscribe(schedule);
    document.addEventListener("visibilitychange", writeNowWhenHidden);
    return () => {
      stopped = true;
      unsubscribe();
      document.removeEventListener("visibilitychange", writeNowWhenHidden);
      if (timer) clearTimeout(timer);
      void copies?.then((opened) => opened?.close());
    };
  }, [store, userId, access, gone]);
}
