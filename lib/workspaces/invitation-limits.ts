/** How long an invitation can be accepted (docs/API.md, "Invitations"). */
export const INVITATION_TTL_DAYS = 14;

/** Pending invitations one workspace may hold: a cap on rows one admin can make, and on the admin listing. */
export const MAX_PENDING_INVITATIONS = 100;

/** The invitee's listing shows at most this many (the newest): invitations come from many workspaces. */
export const MAX_LISTED_OWN_INVITATIONS = 100;
