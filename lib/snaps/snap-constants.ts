/**
 * Snap bounds the API's schemas and the browser's forms share (docs/API.md, "Bounds"). Kept apart
 * from snap-schemas.ts so a form takes them without zod.
 */

/** A snap's title: 1 to this many characters after trimming. */
export const MAX_SNAP_TITLE_LENGTH = 200;
/** A new snap's grid: 1 to this many rows and columns. */
export const MAX_NEW_GRID_SIZE = 100;
