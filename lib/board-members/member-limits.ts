/** Board members one snap may have: every access check reads them all (lib/board-model/snap-access.ts). */
export const MAX_SNAP_MEMBERS = 100;

/** Pending invitations one snap may hold. */
export const MAX_PENDING_SNAP_INVITATIONS = 100;

/** GET /api/snaps/shared-with-me lists at most this many boards. */
export const MAX_LISTED_SHARED_SNAPS = 200;
