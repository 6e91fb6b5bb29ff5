/** The bounds of comments (docs/API.md, "Comments and notifications"). */
export const MAX_COMMENT_BODY = 10_000;
export const MAX_MENTIONS = 20;
/** Comments (replies included) one snap may hold: 409 past it. */
export const MAX_COMMENTS_PER_SNAP = 10_000;
