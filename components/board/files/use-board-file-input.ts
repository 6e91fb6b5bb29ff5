"use client";

import { useEffect, useRef, type RefObject } from "react";
import type { BoardActions } from "../state/use-board-actions";
import type { BoardStore } from "../state/board-store";
import type { SelectionStore } from "../state/selection-store";
import type { BoardCard } from "../state/board-types";
import { gridSize, occupancy } from "../grid/grid-geometry";
import { blankCard } from "../grid/grid-plans";
import { looksEmpty } from "../grid/looks-empty";
import { newLocalId } from "../state/new-local-id";
import { UploadCancelled, uploadFileRequest } from "./upload-file-request";
import { uploadStore } from "./upload-store";

/** What the server shows as an image (lib/files/identify-file.ts); anything else becomes a link card to download. */
const SHOWN_AS_IMAGE = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);
/** Files one drop or paste takes: more is surely a mistaken drag of a folder's contents. */
const MAX_FILES_AT_ONCE = 10;

type Target = { kind: "cell"; row: number; col: number } | { kind: "card"; id: string } | null;

interface FileInputOptions {
  rootRef: RefObject<HTMLElement | null>;
  snapId: string;
  store: BoardStore;
  actions: BoardActions;
  selections: SelectionStore;
  editable: boolean;
  /** Comments per card: a card with comments is not an empty cell to fill. */
  commentCounts: ReadonlyMap<string, number>;
}

/**
 * Files dropped on the board and images pasted (Ctrl+V with an image on the clipboard): each is
 * uploaded into a card, an image card for an image, a link card to download anything else. A drop
 * on an empty cell fills that cell, on an image card replaces its image (an image) or attaches the
 * file (anything else), on any other card attaches the file to it; a paste fills the
 * selected empty cell or image card, else the first empty cell. A card that looks empty
 * (looks-empty.ts) is an empty cell here: the file fills it. A paste without a file is left to the
 * board's own clipboard handling.
 */
export function useBoardFileInput({ rootRef, snapId, store, actions, selections, editable, commentCounts }: FileInputOptions): void {
  const countsRef = useRef(commentCounts);
  useEffect(() => {
    countsRef.current = commentCounts;
  }, [commentCounts]);

  useEffect(() => {
    const blank = (card: BoardCard | undefined): boolean => card !== undefined && looksEmpty(card, countsRef.current.get(card.id));

    const root = rootRef.current;
    if (!editable || !root) return;

    const place = (files: File[], target: Target) => {
      if (!store.requireWholeBoard()) return;
      if (files.length > MAX_FILES_AT_ONCE) store.notify(`Only the first ${MAX_FILES_AT_ONCE} files are added at once.`, "error");
      let next = target;
      for (const file of files.slice(0, MAX_FILES_AT_ONCE)) {
        const attachTo = attachTarget(file, next);
        if (attachTo) {
          // Every file dropped on a card is attached to it.
          startUpload(file, attachTo, true);
          continue;
        }
        const cardId = cardFor(file, next);
        next = null;
        if (cardId) startUpload(file, cardId);
      }
    };

    /** A card the file is dropped on and does not fill (an image on an image card replaces it). */
    const attachTarget = (file: File, target: Target): string | null => {
      if (target?.kind !== "card") return null;
      const card = store.getDoc().cards.find((candidate) => candidate.id === target.id);
      if (!card || blank(card) || (card.cellType === "image" && SHOWN_AS_IMAGE.has(file.type))) return null;
      return card.id;
    };

    /**
     * The card the file fills: the targeted image card or card that looks empty, or a new card in
     * the targeted or first empty cell (a card that looks empty there is filled).
     */
    const cardFor = (file: File, target: Target): string | null => {
      const { cards, snap } = store.getDoc();
      const asImage = SHOWN_AS_IMAGE.has(file.type);
      const filled = { cellType: asImage ? "image" : "link", note: asImage ? "" : file.name };
      const targeted = target?.kind === "card" ? cards.find((candidate) => candidate.id === target.id) : undefined;
      if (targeted?.cellType === "image" && asImage) return targeted.id;
      const cell = target?.kind === "cell" && !occupied(cards, target.row, target.col) ? target : firstEmptyCell(cards, snap.rowHeights, snap.colWidths, blank);
      const existing = targeted && blank(targeted) ? targeted : "card" in cell ? cell.card : undefined;
      if (existing) {
        actions.updateCard(existing.id, filled);
        selections.set({ kind: "card", id: existing.id });
        return existing.id;
      }
      const card: BoardCard = { ...blankCard(newLocalId(), cell.row, cell.col), ...filled };
      store.apply([{ type: "createCards", cards: [card], lines: [] }]);
      selections.set({ kind: "card", id: card.id });
      return card.id;
    };

    const startUpload = (file: File, cardId: string, attach = false) => {
      const name = file.name || "Pasted image";
      const { done, cancel } = uploadFileRequest(snapId, file, (loaded, total) => uploadStore.set(cardId, { name, loaded, total, cancel }));
      uploadStore.set(cardId, { name, loaded: 0, total: file.size, cancel });
      done.then(
        (uploaded) => {
          uploadStore.set(cardId, null);
          if (attach) actions.attachFile(cardId, { id: uploaded.id, name: uploaded.name, contentType: uploaded.contentType, size: uploaded.size });
          else actions.updateCard(cardId, { title: uploaded.url });
        },
        (error: Error) => {
          uploadStore.set(cardId, null);
          if (attach) {
            if (!(error instanceof UploadCancelled)) store.notify(`Couldn't attach ${name}: ${error.message.replace(/[.!?]?$/, ".")}`, "error");
            return;
          }
          const card = store.getDoc().cards.find((candidate) => candidate.id === cardId);
          // A card made or filled for the upload goes with it (back to an empty cell); an image card that was there keeps its image.
          if (card && card.title === "") actions.deleteCard(cardId);
          if (!(error instanceof UploadCancelled)) store.notify(`Couldn't upload ${name}: ${error.message.replace(/[.!?]?$/, ".")}`, "error");
        },
      );
    };

    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;
    const onDragOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = "copy";
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      place([...event.dataTransfer!.files], dropTarget(event.target));
    };
    const onPaste = (event: ClipboardEvent) => {
      const focused = document.activeElement;
      if (focused && focused !== document.body && !root.contains(focused)) return;
      if (isTextField(event.target)) return;
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      // Ours alone: the board's card clipboard must not also paste.
      event.preventDefault();
      event.stopImmediatePropagation();
      const selection = selections.get();
      place(files, selection?.kind === "card" ? { kind: "card", id: selection.id } : selection?.kind === "cell" ? selection : null);
    };

    root.addEventListener("dragover", onDragOver);
    root.addEventListener("drop", onDrop);
    window.addEventListener("paste", onPaste, true);
    return () => {
      root.removeEventListener("dragover", onDragOver);
      root.removeEventListener("drop", onDrop);
      window.removeEventListener("paste", onPaste, true);
    };
  }, [rootRef, snapId, store, actions, selections, editable]);
}

function dropTarget(element: EventTarget | null): Target {
  if (!(element instanceof Element)) return null;
  const card = element.closest<HTMLElement>("[data-card-id]");
  if (card?.dataset.cardId) return { kind: "card", id: card.dataset.cardId };
  const cell = element.closest<HTMLElement>('[role="gridcell"]');
  const row = Number(cell?.getAttribute("aria-rowindex"));
  const col = Number(cell?.getAttribute("aria-colindex"));
  return row > 0 && col > 0 ? { kind: "cell", row: row - 1, col: col - 1 } : null;
}

function occupied(cards: readonly BoardCard[], row: number, col: number): boolean {
  return cards.some((card) => row >= card.row && row < card.row + card.rowSpan && col >= card.col && col < card.col + card.colSpan);
}

/**
 * The first empty cell in reading order (a cell with no card, or with a card that looks empty, given
 * with it), or the first cell of a new row below the board.
 */
function firstEmptyCell(
  cards: readonly BoardCard[],
  rowHeights: Record<string, number>,
  colWidths: Record<string, number>,
  blank: (card: BoardCard) => boolean,
): { row: number; col: number; card?: BoardCard } {
  const { rows, cols } = gridSize(cards, rowHeights, colWidths);
  const cells = occupancy(cards, rows, cols);
  for (let row = 0; row < rows; row += 1) {
    for (let col = 0; col < cols; col += 1) {
      const card = cells[row]?.[col];
      if (!card) return { row, col };
      if (blank(card)) return { row, col, card };
    }
  }
  return { row: rows, col: 0 };
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA");
}
