/** Folders one workspace may hold: GET /api/folders lists them all, so their number is capped (409 past it). */
export const MAX_FOLDERS_PER_WORKSPACE = 1_000;
