/**
 * What one snap may hold (docs/API.md, "Content budget"): its cards' titles, notes and attachment
 * lists as UTF-8 bytes, plus a fixed weight for each card's and line's other fields. The database
 * keeps the count and refuses a write past it, in the write's own statement (migration
 * snap_content_budget, whose functions hold these same numbers: tests/db/snap-content-budget.test.ts).
 * Sized so that every read of a full snap fits the server's heap with room to spare.
 */
export const SNAP_CONTENT_BUDGET_BYTES = 8_000_000;
/** A card's weight besides its text: its other fields, about what they take in a response. */
export const CARD_FIXED_BYTES = 300;
/** A line's weight. */
export const LINE_BYTES = 200;
