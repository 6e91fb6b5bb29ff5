import { z } from "zod";
import { importQuerySchema, importSummarySchema } from "../transfer-schemas";

const titleParam = z
  .string()
  .max(200, "Must be at most 200 characters")
  .optional()
  .describe("The new snap's title; default the file's name (multipart) or, for a workbook, the sheet's.");

/** POST /api/snaps/import/csv's query. */
export const csvImportQuerySchema = importQuerySchema.extend({
  title: titleParam,
  delimiter: z
    .enum(["comma", "tab", "semicolon"], { error: 'Expected "comma", "tab" or "semicolon"' })
    .optional()
    .describe("Default: tab for text/tab-separated-values or a .tsv name, else the first line's most frequent of the three."),
});

/** POST /api/snaps/import/xlsx's query. */
export const xlsxImportQuerySchema = importQuerySchema.extend({
  title: titleParam,
  sheet: z
    .string()
    .min(1, "Expected a sheet's name or 1-based index")
    .max(200, "Must be at most 200 characters")
    .optional()
    .describe("The sheet to import: its name, or its 1-based position among the workbook's sheets. Default the first."),
});

/** POST /api/snaps/import/trello's query. */
export const trelloImportQuerySchema = importQuerySchema.extend({
  archived: z
    .enum(["true", "false"], { error: 'Expected "true" or "false"' })
    .transform((value) => value === "true")
    .default(false)
    .describe("true: archived lists and cards are imported too (marked so in their notes)."),
});

/** The first rows of what a file would make, for the Import dialog's preview. */
export const PREVIEW_ROWS = 5;
export const PREVIEW_COLS = 6;

/** A dry run of a CSV, workbook or Trello import: the summary, the title it would take, and its first cells. */
export const formatImportDryRunResponseSchema = z.object({
  valid: z.literal(true),
  summary: importSummarySchema.extend({
    title: z.string().describe("The new snap's title."),
    preview: z
      .array(z.array(z.string()))
      .describe(`The first ${PREVIEW_ROWS} rows by ${PREVIEW_COLS} columns of the grid: each cell's text ("" where no card starts), at most 80 characters.`),
  }),
});
export type FormatImportDryRun = z.infer<typeof formatImportDryRunResponseSchema>;
