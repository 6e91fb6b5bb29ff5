import { z } from "zod";
import { intInRange } from "@/lib/validation/common";
import { cardFieldsSchema, cardSchema } from "./card-schemas";
import { MAX_CHANGE_ITEMS, MAX_GRID_INDEX } from "./card-constants";
import { baseVersionSchema } from "./base-version-schema";

/** A range read answers at most this many cells: a 100 × 100 board at once (docs/API.md, "Ranges"). */
export const MAX_RANGE_READ_CELLS = 10_000;

const titleOrNull = cardFieldsSchema.shape.title.nullable();
const GRID_SIZE = MAX_GRID_INDEX + 1;

/** PUT /api/snaps/:id/range without its refinement, for the MCP tool's arguments to extend. */
export const rangeWriteObjectSchema = z.strictObject({
  row: cardFieldsSchema.shape.row.describe("Row of the table's top-left cell, from 0."),
  col: cardFieldsSchema.shape.col.describe("Column of the table's top-left cell, from 0."),
  values: z
    .array(z.array(titleOrNull).max(GRID_SIZE, `At most ${GRID_SIZE} cells a row`), { error: "Expected a table: an array of rows, each an array of titles" })
    .min(1, "Send at least one row")
    .max(GRID_SIZE, `At most ${GRID_SIZE} rows`)
    .describe(
      "The titles, row by row. A cell holding a card's top-left corner gets that card's title, an empty cell a new normal card, null leaves the cell as it is. Rows may differ in length.",
    ),
  baseVersion: baseVersionSchema.optional(),
});

/** Whole tables only: at most 5,000 cells, all inside the grid. */
export function checkRangeWrite({ row, col, values }: z.output<typeof rangeWriteObjectSchema>, ctx: z.RefinementCtx): void {
  const cells = values.reduce((sum, cells) => sum + cells.length, 0);
  if (cells > MAX_CHANGE_ITEMS) {
    ctx.addIssue({ code: "custom", path: ["values"], message: `At most ${MAX_CHANGE_ITEMS.toLocaleString("en-US")} cells a write; this table has ${cells}` });
  }
  if (row + values.length - 1 > MAX_GRID_INDEX) {
    ctx.addIssue({
      code: "custom",
      path: ["values", MAX_GRID_INDEX - row + 1],
      message: `Row ${MAX_GRID_INDEX + 1} is past the grid's last row (${MAX_GRID_INDEX})`,
    });
  }
  const widest = values.findIndex((cells) => col + cells.length - 1 > MAX_GRID_INDEX);
  if (widest >= 0) {
    ctx.addIssue({ code: "custom", path: ["values", widest, MAX_GRID_INDEX - col + 1], message: `Past the grid's last column (${MAX_GRID_INDEX})` });
  }
}

/** PUT /api/snaps/:id/range (docs/API.md, "Ranges"). */
export const rangeWriteSchema = rangeWriteObjectSchema.superRefine(checkRangeWrite);
export type RangeWrite = z.infer<typeof rangeWriteSchema>;

/** GET /api/snaps/:id/range as typed arguments (MCP's read_range). */
export const rangeArgsObjectSchema = z.strictObject({
  row: cardFieldsSchema.shape.row.describe("Row of the top-left cell, from 0."),
  col: cardFieldsSchema.shape.col.describe("Column of the top-left cell, from 0."),
  rows: intInRange(1, GRID_SIZE).describe("How many rows."),
  cols: intInRange(1, GRID_SIZE).describe("How many columns."),
});

export function checkRangeArgs({ row, col, rows, cols }: z.output<typeof rangeArgsObjectSchema>, ctx: z.RefinementCtx): void {
  if (rows * cols > MAX_RANGE_READ_CELLS) {
    ctx.addIssue({
      code: "custom",
      path: ["rows"],
      message: `At most ${MAX_RANGE_READ_CELLS.toLocaleString("en-US")} cells a read (rows × cols); asked ${rows * cols}`,
    });
  }
  if (row + rows - 1 > MAX_GRID_INDEX) ctx.addIssue({ code: "custom", path: ["rows"], message: `Past the grid's last row (${MAX_GRID_INDEX})` });
  if (col + cols - 1 > MAX_GRID_INDEX) ctx.addIssue({ code: "custom", path: ["cols"], message: `Past the grid's last column (${MAX_GRID_INDEX})` });
}

export const rangeArgsSchema = rangeArgsObjectSchema.superRefine(checkRangeArgs);
export type RangeArgs = z.infer<typeof rangeArgsSchema>;

const wholeNumberText = (schema: z.ZodNumber) =>
  z
    .string()
    .regex(/^\d{1,4}$/, "Expected a whole number")
    .transform(Number)
    .pipe(schema);

/** The same read from query-string text. */
export const rangeQuerySchema = z
  .strictObject({
    row: wholeNumberText(rangeArgsObjectSchema.shape.row).describe(rangeArgsObjectSchema.shape.row.description!),
    col: wholeNumberText(rangeArgsObjectSchema.shape.col).describe(rangeArgsObjectSchema.shape.col.description!),
    rows: wholeNumberText(rangeArgsObjectSchema.shape.rows).describe(rangeArgsObjectSchema.shape.rows.description!),
    cols: wholeNumberText(rangeArgsObjectSchema.shape.cols).describe(rangeArgsObjectSchema.shape.cols.description!),
  })
  .superRefine(checkRangeArgs);

export const rangeResponseSchema = z.object({
  values: z
    .array(z.array(cardSchema.shape.title.nullable()))
    .describe("rows × cols titles, row by row: a card's title in the cell of its top-left corner; null for an empty cell or one a larger card covers."),
});
export type RangeValues = z.infer<typeof rangeResponseSchema>;
