"use client";

/** One upload in progress, shown on the card it fills (upload-progress.tsx). */
export interface UploadState {
  name: string;
  loaded: number;
  total: number;
  cancel: () => void;
}

type Listener = () => void;

/**
 * The board's uploads in progress, by the local id of the card each one fills: a tiny external
 * store, so only the cards with an upload re-render on progress.
 */
class UploadStore {
  private uploads = new Map<string, UploadState>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (cardId: string): UploadState | undefined => this.uploads.get(cardId);

  set(cardId: string, state: UploadState | null): void {
    if (state) this.uploads.set(cardId, state);
    else this.uploads.delete(cardId);
    for (const listener of this.listeners) listener();
  }
}

export const uploadStore = new UploadStore();
