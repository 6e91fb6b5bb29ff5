import { deleteDB } from "idb";
import { DEVICE_CHANNEL, DEVICE_DATABASE_PREFIX, USER_CACHE_PREFIX } from "./device-databases";

let forgotten = false;

/** This tab, on the channel: a tab does not act on its own message (a sign-out here is on its way already). */
const THIS_TAB = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** True once this page removed the device's copies, or heard another tab do it: nothing is written after. */
export function deviceForgotten(): boolean {
  return forgotten;
}

/** Other tabs' sign-outs: this tab stops writing copies and runs `then` (back to the sign-in page). */
export function onDeviceForgotten(then: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(DEVICE_CHANNEL);
  channel.onmessage = (event: MessageEvent<{ from?: string }>) => {
    if (event.data?.from === THIS_TAB) return;
    forgotten = true;
    then();
  };
  return () => channel.close();
}

/**
 * Removes everything this browser keeps of the signed-in person: every `snap-…` IndexedDB database
 * (board copies, the change queue, who the device belongs to) and every cache of a person's data.
 * Resolves once they are gone: open connections close when asked (each opener's `blocking`), and the
 * deletion waits for them. Other tabs are told, and stop writing (docs/OFFLINE.md, "Signing out").
 */
export async function forgetThisDevice(): Promise<void> {
  forgotten = true;
  await removeDeviceData();
}

/** forgetThisDevice, for this tab's new owner: the other tabs (the previous person's) stop, this one goes on. */
export async function removeDeviceData(): Promise<void> {
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(DEVICE_CHANNEL);
    channel.postMessage({ from: THIS_TAB });
    channel.close();
  }
  const databases = await indexedDB.databases();
  const names = databases.flatMap(({ name }) => (name?.startsWith(DEVICE_DATABASE_PREFIX) ? [name] : []));
  const caches = typeof globalThis.caches === "undefined" ? [] : (await globalThis.caches.keys()).filter((name) => name.startsWith(USER_CACHE_PREFIX));
  await Promise.all([...names.map((name) => deleteDB(name)), ...caches.map((name) => globalThis.caches.delete(name))]);
}
