import { z } from "zod";
import { CARD_DEFAULTS, CARD_FIELDS, CARD_FIELD_NAMES, type CardFieldName, type DefaultedField } from "@/lib/board-model/card-fields";
import { cardFieldsSchema } from "@/lib/board-model/card-schemas";
import { lineStyleFields } from "@/lib/board-model/line-schemas";
import { cellSpacingSchema, fontFamilySchema, iconSchema, sizeMapSchema, snapSchema, subtitleSchema, titleSchema } from "@/lib/snaps/snap-schemas";
import { hexColorSchema, idSchema, intInRange, timestampSchema } from "@/lib/validation/common";

export const SNAP_DOCUMENT_FORMAT = "snap-board";
export const SNAP_DOCUMENT_VERSION = 1;
export { MAX_IMPORT_BYTES } from "./transfer-constants";
import { MAX_DOCUMENT_CARDS, MAX_DOCUMENT_FILES } from "./transfer-constants";
export { MAX_DOCUMENT_CARDS } from "./transfer-constants";
export const MAX_DOCUMENT_LINES = 10_000;
/** A card reaches at most row 999 + a span of 100: the grid of any board the API can make. */
export const MAX_DOCUMENT_TRACKS = 1_099;

const cardKeySchema = z
  .string()
  .min(1, "Expected a key")
  .max(64, "Must be at most 64 characters")
  .regex(/^[\w-]+$/, "Letters, digits, _ and - only")
  .describe("Names the card for the document's lines; not stored.");

type CardShape = typeof cardFieldsSchema.shape;
type DocumentField = Exclude<CardFieldName, "attachments">;
/** A document's card field: its API schema, with the field's default when it has one. */
type DocumentFieldSchema<K extends DocumentField> = K extends DefaultedField ? z.ZodDefault<CardShape[K]> : CardShape[K];

const documentCardFields = Object.fromEntries(
  CARD_FIELD_NAMES.filter((name): name is DocumentField => name !== "attachments").map((name) => {
    const schema: z.ZodType = cardFieldsSchema.shape[name];
    return [name, name in CARD_DEFAULTS ? schema.default(CARD_DEFAULTS[name as DefaultedField]) : schema];
  }),
) as { [K in DocumentField]: DocumentFieldSchema<K> };

/**
 * A card of the document: every field but id and snapId. Left-out fields take schema.prisma's
 * defaults, so a script may write only row, col and title.
 */
export const documentCardSchema = z.strictObject({
  key: cardKeySchema,
  ...documentCardFields,
  attachments: z
    .array(z.string().regex(/^[a-z0-9]{8,64}$/, "Expected a file id"))
    .max(CARD_FIELDS.attachments.max, `At most ${CARD_FIELDS.attachments.max} attachments`)
    .optional()
    .describe(
      "The ids of the card's attached files, in order (absent when none); on import only files the import itself stores (a .snap.zip's) are kept, under their new ids.",
    ),
});
export type DocumentCard = z.infer<typeof documentCardSchema>;

export const documentLineSchema = z.strictObject({
  from: cardKeySchema.describe("The key of the card the line starts at."),
  to: cardKeySchema.describe("The key of the card the line ends at."),
  color: lineStyleFields.color.default("#64748b"),
  style: lineStyleFields.style.default("solid"),
  arrow: lineStyleFields.arrow.default("end"),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/** Every snap field a user sets; never ids, owner, workspace, sharing or timestamps. */
export const documentSnapSchema = z.strictObject({
  title: titleSchema,
  subtitle: subtitleSchema.nullable().default(null),
  icon: iconSchema.nullable().default(null),
  rows: intInRange(1, MAX_DOCUMENT_TRACKS).describe("The grid's rows: every card and sized row fits in them."),
  cols: intInRange(1, MAX_DOCUMENT_TRACKS).describe("The grid's columns: every card and sized column fits in them."),
  fontFamily: fontFamilySchema.default("Inter"),
  canvasBackgroundColor: hexColorSchema.default("#f8fafc"),
  cellSpacing: cellSpacingSchema.default(8),
  rowHeights: sizeMapSchema.default({}),
  colWidths: sizeMapSchema.default({}),
});

/** The entry holding the export document in a .snap.zip. */
export const ARCHIVE_DOCUMENT_PATH = "snap.json";

/** An archive entry holding a file: `files/` and the file's id in the exporting server. */
export const ARCHIVE_FILE_PATH = /^files\/[a-z0-9]{8,64}$/;

/**
 * An uploaded file that the cards show (an image card's title names its url `/api/files/<id>`).
 * In a `.snap.zip` its bytes are the entry `path`; a JSON-only export lists it without a path
 * (docs/EXPORT-IMPORT.md, "Files"). The name and type are what the exporting server said: an
 * import never trusts them (the type is identified from the bytes again, the name cleaned).
 */
export const documentFileSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9]{8,64}$/, "Expected a file id")
    .describe("The file's id where it was exported; cards name it as /api/files/<id>."),
  name: z.string().max(255, "Must be at most 255 characters"),
  contentType: z.string().max(255, "Must be at most 255 characters"),
  size: z.number().int().min(0).describe("Bytes of the stored file."),
  path: z
    .string()
    .regex(ARCHIVE_FILE_PATH, "Expected files/<id>")
    .optional()
    .describe("In a .snap.zip: the entry holding the file's bytes. Absent: not included."),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/**
 * The export document (GET /api/snaps/:id/export), which is also what POST /api/snaps/import,
 * duplicates and templates read. Cross-field rules (unique keys, lines between known cards, cards
 * inside the grid) are checked by parseSnapDocument, which reports them by JSON path.
 */
export const snapDocumentSchema = z.strictObject({
  format: z.literal(SNAP_DOCUMENT_FORMAT, { error: `Expected "${SNAP_DOCUMENT_FORMAT}"` }),
  formatVersion: z.literal(SNAP_DOCUMENT_VERSION, { error: `Unknown format version: this server reads version ${SNAP_DOCUMENT_VERSION}` }),
  exportedAt: timestampSchema.optional().describe("When it was exported; ignored on import."),
  snap: documentSnapSchema,
  cards: z.array(documentCardSchema).max(MAX_DOCUMENT_CARDS, `At most ${MAX_DOCUMENT_CARDS} cards`).describe("In reading order (row, then column)."),
  lines: z.array(documentLineSchema).max(MAX_DOCUMENT_LINES, `At most ${MAX_DOCUMENT_LINES} lines`).default([]),
  files: z
    .array(documentFileSchema)
    .max(MAX_DOCUMENT_FILES, `At most ${MAX_DOCUMENT_FILES} files`)
    .optional()
    .describe("The uploaded files the cards show (absent when none): with a path in a .snap.zip, without one when the export left them out."),
  filesNote: z.string().max(1000).optional().describe("A JSON-only export of a board with files: what it left out, and how to carry them (format=zip)."),
});
export type SnapDocument = z.infer<typeof snapDocumentSchema>;

export const importSummarySchema = z.object({
  rows: z.number().int(),
  cols: z.number().int(),
  cards: z.number().int(),
  lines: z.number().int(),
  files: z.number().int().optional().describe("A .snap.zip: the files it would store."),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importDryRunResponseSchema = z.object({ valid: z.literal(true), summary: importSummarySchema });

export const importQuerySchema = z.strictObject({
  dryRun: z
    .enum(["true", "false"], { error: 'Expected "true" or "false"' })
    .transform((value) => value === "true")
    .default(false),
});

/** The formats a file export makes; zip (the document with the files' bytes) and xlsx (a workbook) stream of their own (export-archive.ts, formats/xlsx/write-xlsx.ts). */
export const EXPORT_FORMATS = ["json", "csv", "csv-grid", "svg", "png"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuerySchema = z.strictObject({
  format: z.enum([...EXPORT_FORMATS, "zip", "xlsx"], { error: "Expected json, zip, xlsx, csv, csv-grid, svg or png" }).default("json"),
  scale: z.coerce
    .number({ error: "Expected a number" })
    .min(1, "Must be at least 1")
    .max(4, "Must be at most 4")
    .optional()
    .describe("PNG only: pixels per board pixel, 1 to 4 (default 1)."),
});

/** The same arguments as typed values, for the MCP tool. */
export const exportArgsSchema = z.strictObject({
  id: idSchema.describe("The snap id."),
  format: z
    .enum(EXPORT_FORMATS)
    .default("json")
    .describe(
      "json: the export document; csv: one row per card; csv-grid: the board as a table, one row per board row; svg: the board drawn; png: that picture rendered.",
    ),
  scale: z.number().min(1).max(4).optional().describe("png only: pixels per board pixel, 1 to 4 (default 1)."),
});

/** export_snap's answer: MCP carries text, not files, so the document or the file's text. */
export const exportToolResultSchema = z.object({
  filename: z.string(),
  mediaType: z.string(),
  document: snapDocumentSchema.optional().describe("format json: the export document."),
  text: z.string().optional().describe("format csv, csv-grid or svg: the file's text."),
  data: z.string().optional().describe("format png: the picture, base64 (also an image content block)."),
});

/** import_snap's arguments: the document (or another format's content), and dryRun as a boolean rather than query text. */
export const importToolArgsSchema = z.strictObject({
  format: z
    .enum(["snap", "csv", "tsv", "trello", "xlsx"])
    .default("snap")
    .describe(
      "snap: `document` is an export document; csv or tsv: `content` is the text; trello: `content` is a Trello board export's JSON text; xlsx: `content` is the workbook's bytes, base64.",
    ),
  document: snapDocumentSchema.optional().describe("format snap: the export document."),
  content: z.string().optional().describe("Any other format: the file's content (text, or base64 for xlsx)."),
  sheet: z.string().min(1).max(200).optional().describe("xlsx: the sheet's name or 1-based index (default the first)."),
  title: z.string().max(200).optional().describe("csv, tsv, xlsx: the new snap's title."),
  archived: z.boolean().default(false).describe("trello: bring archived lists and cards too."),
  dryRun: z.boolean().default(false).describe("Check only; write nothing."),
});

/** What importOrCheckSnap answers: the new snap, or with dryRun the summary of a valid document. */
export const importOrCheckResultSchema = z.object({
  snap: snapSchema.optional().describe("The new snap (not with dryRun)."),
  valid: z.literal(true).optional().describe("dryRun: the document would import."),
  summary: importSummarySchema
    .extend({
      title: z.string().optional().describe("Another format than snap: the new snap's title."),
      preview: z.array(z.array(z.string())).optional().describe("Another format than snap: the first rows by columns of cell text."),
    })
    .optional()
    .describe("dryRun: what it would make."),
});

export const duplicateSnapSchema = z.strictObject({
  title: titleSchema.optional().describe('Default "Copy of <title>".'),
});
export type DuplicateSnap = z.infer<typeof duplicateSnapSchema>;
