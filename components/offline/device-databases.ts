/**
 * What this browser keeps of a signed-in person, by name: every IndexedDB database the app makes is
 * named `snap-…`, so signing out can remove them all without knowing each one (docs/OFFLINE.md).
 */
export const DEVICE_DATABASE_PREFIX = "snap-";

/** Who this browser's copies belong to (the one record of `snap-device`). */
export const DEVICE_OWNER_DATABASE = `${DEVICE_DATABASE_PREFIX}device`;

/** One person's copies of the boards they opened here. */
export function boardCopiesDatabase(userId: string): string {
  return `${DEVICE_DATABASE_PREFIX}boards:${userId}`;
}

/**
 * The Cache Storage caches that may hold a person's data. The service worker keeps none today (it
 * caches the app's own files and an empty shell only); a cache made for a person's data must be named
 * with this prefix so that signing out removes it.
 */
export const USER_CACHE_PREFIX = `${DEVICE_DATABASE_PREFIX}user-`;

/** Tabs of this browser tell each other here that its copies were removed (a sign-out in one of them). */
export const DEVICE_CHANNEL = `${DEVICE_DATABASE_PREFIX}device`;
