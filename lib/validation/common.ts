import { z } from "zod";
import { HEX_COLOR_PATTERN } from "./patterns";

/** Colors are "" or hex #rgb, #rrggbb, #rrggbbaa (docs/API.md, "Bounds"). */
export const hexColorSchema = z.string().regex(HEX_COLOR_PATTERN, "Expected a hex color such as #1e293b");
export const colorOrEmptySchema = z.union([z.literal(""), hexColorSchema], { error: 'Expected "" or a hex color such as #1e293b' });

/** Opaque ids (cuid-like): bounded, so a giant string never reaches a query. */
export const idSchema = z.string().min(1, "Expected an id").max(64, "Not a valid id");

export function intInRange(min: number, max: number) {
  return z.number({ error: "Expected a number" }).int("Expected a whole number").min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`);
}

/** Timestamps in responses are ISO 8601 UTC with milliseconds (docs/API.md, "Conventions"). */
export const timestampSchema = z.iso.datetime({ precision: 3, offset: false });

/** The body of every delete. */
export const successResponseSchema = z.strictObject({ success: z.literal(true) });
