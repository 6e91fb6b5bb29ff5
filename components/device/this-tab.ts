import { tabLockName } from "./change-queue";

/** A random id of 1–255 visible characters (an Idempotency-Key), also on plain http where randomUUID does not exist. */
export function newRandomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** This page's id: the changes it queues are its own to send while it is open. */
export const THIS_TAB_ID = typeof window === "undefined" ? "server" : newRandomId();

let held = false;

/**
 * Holds a Web Lock named after this tab for as long as the page lives: another tab that finds the
 * lock free knows this tab's queued changes are orphans it may send (components/device/queue-replayer).
 */
export function holdThisTabLock(): void {
  if (held || typeof navigator === "undefined" || !navigator.locks) return;
  held = true;
  void navigator.locks.request(tabLockName(THIS_TAB_ID), () => new Promise<never>(() => undefined));
}

/** The tabs alive now on this device, by the locks they hold; null when Web Locks are not there. */
export async function liveTabLocks(): Promise<Set<string> | null> {
  if (typeof navigator === "undefined" || !navigator.locks) return null;
  const { held: locks = [] } = await navigator.locks.query();
  return new Set(locks.flatMap((lock) => (lock.name ? [lock.name] : [])));
}
