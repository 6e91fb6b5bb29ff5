let counter = 0;

/** What every id made here starts with, and no server id does (the server's are cuids). */
export const LOCAL_ID_PREFIX = "local-";

/**
 * An id for something made on this page before the server has named it. Not crypto.randomUUID:
 * that exists only on secure origins, and a board served over plain http on a LAN must work too.
 */
export function newLocalId(): string {
  counter += 1;
  return `${LOCAL_ID_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${counter}`;
}
