/** How long an invitation can be accepted (docs/API.md, "Invitations"). */
export const INVITATION_TTL_DAYS = 14;

/** Pending invitations one workspace may hold: a cap on rows one admin can make, and on the admin listing. */
export const MAX_PENDING_INVITATIONS = 100;

/** The invitee's listing shows at most this many (the newest): invitations come from many workspaces. */
export const MAX_LISTED_OWN_INVITATIONS = 100;

/**
 * After its invitee declines, the workspace may not invite that email again for this long (409):
 * a decline is an answer, and re-sending at once, without limit, would make the banner a way to
 * pester someone. As long as an invitation lasts.
 */
export const DECLINE_QUIET_DAYS = 14;
