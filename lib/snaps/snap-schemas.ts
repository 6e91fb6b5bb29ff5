import { z } from "zod";
import { cardSchema, listCardSchema } from "@/lib/board-model/card-schemas";
import { folderSummarySchema } from "@/lib/folders/folder-schemas";
import { lineSchema } from "@/lib/board-model/line-schemas";
import { hexColorSchema, idSchema, intInRange, timestampSchema } from "@/lib/validation/common";
import { MAX_NEW_GRID_SIZE, MAX_SNAP_TITLE_LENGTH } from "./snap-constants";
import { SHARE_MODES } from "@/lib/board-model/snap-roles";

export const titleSchema = z.string().trim().min(1, "Title cannot be empty").max(MAX_SNAP_TITLE_LENGTH, `Must be at most ${MAX_SNAP_TITLE_LENGTH} characters`);
export const subtitleSchema = z.string().max(500, "Must be at most 500 characters");
/** A short symbol (an emoji or a few characters). */
export const iconSchema = z.string().max(16, "Must be at most 16 characters");
/** A CSS font-family list; the character set keeps it from breaking out of a style value. */
export const fontFamilySchema = z
  .string()
  .trim()
  .min(1, "Font family cannot be empty")
  .max(100, "Must be at most 100 characters")
  .regex(/^[\w\s,'"-]+$/, "Letters, digits, spaces, commas, quotes and hyphens only");

/** The gap between cards, in pixels. */
export const cellSpacingSchema = z.number({ error: "Expected a number" }).min(0, "Must be at least 0").max(64, "Must be at most 64");

/** Keys are row/column indexes, values 0..2000 pixels (docs/API.md, "Bounds"). */
export const sizeMapSchema = z.record(
  z.string().regex(/^(?:0|[1-9]\d{0,2})$/, "Keys are row or column indexes from 0 to 999"),
  z.number({ error: "Expected a number" }).min(0, "Must be at least 0").max(2000, "Must be at most 2000"),
);

/** POST /api/snaps: every field optional (docs/API.md, "Snaps"). */
export const snapCreateSchema = z.strictObject({
  title: titleSchema.default("Untitled Snap"),
  subtitle: subtitleSchema.optional(),
  icon: iconSchema.optional(),
  rows: intInRange(1, MAX_NEW_GRID_SIZE).default(1),
  cols: intInRange(1, MAX_NEW_GRID_SIZE).default(1),
  canvasBackgroundColor: hexColorSchema.optional(),
});
export type SnapCreate = z.infer<typeof snapCreateSchema>;

const shareModeSchema = z
  .enum(SHARE_MODES)
  .describe("What members of the workspace may do once it is shared there: read (`view`), also comment and resolve (`comment`), also edit (`edit`).");

/** PATCH /api/snaps/:id: the content fields, plus the sharing fields for the owner or an admin (docs/API.md, "Snaps"). */
export const snapUpdateSchema = z.strictObject({
  title: titleSchema.optional(),
  subtitle: subtitleSchema.nullable().optional(),
  icon: iconSchema.nullable().optional(),
  fontFamily: fontFamilySchema.optional(),
  canvasBackgroundColor: hexColorSchema.optional(),
  folderId: idSchema.nullable().optional(),
  cellSpacing: cellSpacingSchema.optional(),
  rowHeights: sizeMapSchema.optional(),
  colWidths: sizeMapSchema.optional(),
  isPublic: z.boolean().optional(),
  shareMode: shareModeSchema.optional(),
  sharedWithWorkspace: z.boolean().optional(),
});
export type SnapUpdate = z.infer<typeof snapUpdateSchema>;

/** The sharing fields of an update: only the owner or a workspace admin may change them. */
export const SHARING_FIELDS = ["isPublic", "shareMode", "sharedWithWorkspace"] as const;

const booleanParam = z.enum(["true", "false"], { error: 'Expected "true" or "false"' }).transform((value) => value === "true");
const wholeNumberParam = z.coerce.number({ error: "Expected a whole number" });

const limitSchema = intInRange(1, 100);
const offsetSchema = intInRange(0, 1_000_000);
const DEFAULT_LIMIT = 50;

/**
 * The workspace listing's arguments as typed values: MCP's list_snaps takes them as
 * JSON, and the OpenAPI document describes the query parameters with them.
 */
export const workspaceSnapsArgsSchema = z.strictObject({
  search: z.string().trim().max(200, "Must be at most 200 characters").optional().describe("Case-insensitive, in title and subtitle."),
  isPublic: z.boolean().optional(),
  folderId: idSchema.optional(),
  limit: limitSchema.default(DEFAULT_LIMIT),
  offset: offsetSchema.default(0),
  sortBy: z.enum(["createdAt", "updatedAt", "title"]).default("updatedAt"),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
});

/** GET /api/v1/workspace/snaps query: the same arguments, read from query-string text. */
export const workspaceSnapsQuerySchema = z.strictObject({
  ...workspaceSnapsArgsSchema.shape,
  isPublic: booleanParam.optional(),
  limit: wholeNumberParam.pipe(limitSchema).default(DEFAULT_LIMIT),
  offset: wholeNumberParam.pipe(offsetSchema).default(0),
});
export type WorkspaceSnapsQuery = z.infer<typeof workspaceSnapsQuerySchema>;

/** The fields every snap response carries (snapFieldsSelect). */
export const snapFieldsSchema = z.object({
  id: idSchema,
  title: titleSchema,
  subtitle: subtitleSchema.nullable(),
  icon: iconSchema.nullable(),
  userId: idSchema.describe("The owner."),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.describe("Moves whenever the snap, its cards or its lines change."),
  fontFamily: fontFamilySchema,
  canvasBackgroundColor: hexColorSchema,
  folderId: idSchema.nullable(),
  isPublic: z.boolean(),
  shareMode: shareModeSchema,
  shareToken: z.string().nullable().describe("Set while the snap is public: its page is /s/{shareToken}."),
  sharedWithWorkspace: z.boolean(),
  cellSpacing: z.number(),
  rowHeights: sizeMapSchema,
  colWidths: sizeMapSchema,
  version: z
    .number()
    .int()
    .min(1)
    .describe("Extension (live updates): goes up by 1 with every change to the snap, its cards or lines; the id of its `change` event."),
  folder: folderSummarySchema.nullable(),
});

/** GET /api/snaps/:id and every snap write: full cards in grid order, lines, folder. */
export const snapSchema = snapFieldsSchema.extend({ cards: z.array(cardSchema), lines: z.array(lineSchema) });

/** A snap of GET /api/snaps: cards reduced to nine fields, no lines. */
export const listSnapSchema = snapFieldsSchema.extend({ cards: z.array(listCardSchema) });

/** The workspace listing's summary of a snap. */
export const snapSummarySchema = z.object({
  id: idSchema,
  title: titleSchema,
  subtitle: subtitleSchema.nullable(),
  icon: iconSchema.nullable(),
  isPublic: z.boolean(),
  shareToken: z.string().nullable(),
  shareMode: shareModeSchema,
  folder: folderSummarySchema.nullable(),
  cellCount: z.number().int().min(0),
  previewCells: z
    .array(z.object({ position: z.object({ row: z.number().int(), col: z.number().int() }), title: z.string(), type: z.string() }))
    .max(9)
    .describe("The first 9 cards by row, then column."),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** hasMore = offset + snaps.length < total (docs/API.md, "Snaps"). */
export const paginationSchema = z.object({
  total: z.number().int().min(0),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
});

export const snapResponseSchema = z.object({ snap: snapSchema });
export const snapListResponseSchema = z.object({ snaps: z.array(listSnapSchema).describe("The caller's own snaps, most recently updated first.") });
export const workspaceSnapsResponseSchema = z.object({ snaps: z.array(snapSummarySchema), pagination: paginationSchema });
