/**
 * The card vocabulary shared by the API's schemas and the browser's board. Kept apart from
 * card-schemas.ts so the board's bundle takes these lists without zod.
 */

/** DESIGN: fontSize is a Tailwind text-size class. */
export const FONT_SIZES = ["text-xs", "text-sm", "text-base", "text-lg", "text-xl", "text-2xl", "text-3xl", "text-4xl", "text-5xl", "text-6xl", "text-7xl", "text-8xl", "text-9xl"] as const;
/** Spec 2.2's common types; the list is open-ended (DESIGN: other lowercase identifiers are accepted). */
export const KNOWN_CELL_TYPES = ["normal", "todo", "status", "link", "image", "designembed"] as const;
