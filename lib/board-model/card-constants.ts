/**
 * The card vocabulary shared by the API's schemas and the browser's board. Kept apart from
 * card-schemas.ts so the board's bundle takes these lists without zod.
 */

/** A card's fontSize is one of these Tailwind text-size classes (docs/API.md, "Cards"). */
export const FONT_SIZES = [
  "text-xs",
  "text-sm",
  "text-base",
  "text-lg",
  "text-xl",
  "text-2xl",
  "text-3xl",
  "text-4xl",
  "text-5xl",
  "text-6xl",
  "text-7xl",
  "text-8xl",
  "text-9xl",
] as const;

/** A card's row and col go from 0 to this; its spans from 1 to MAX_CARD_SPAN (docs/API.md, "Bounds"). */
export const MAX_GRID_INDEX = 999;
export const MAX_CARD_SPAN = 100;

/**
 * A card's attachments, at most: the schema's bound. The server's own cap is CARD_MAX_ATTACHMENTS
 * (lib/config.ts, default 20, at most this).
 */
export const MAX_ATTACHMENTS_BOUND = 100;

/** A card batch (create or update) holds 1 to this many items (docs/API.md, "Batches"). */
export const MAX_CARDS_PER_BATCH = 100;

/** A change (POST /api/snaps/:id/changes) or a range write holds at most this many items or cells (docs/API.md, "Changes"). */
export const MAX_CHANGE_ITEMS = 5_000;
