/** A board member's role on one snap (docs/API.md, "Board members"); browser-safe. */
export const SNAP_ROLES = ["viewer", "commenter", "editor"] as const;
export type SnapRole = (typeof SNAP_ROLES)[number];

/** What members of the workspace may do with a snap shared there. */
export const SHARE_MODES = ["view", "comment", "edit"] as const;
export type ShareMode = (typeof SHARE_MODES)[number];
