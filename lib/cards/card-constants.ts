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

/** A card batch (create or update) holds 1 to this many items (docs/API.md, "Batches"). */
export const MAX_CARDS_PER_BATCH = 100;
