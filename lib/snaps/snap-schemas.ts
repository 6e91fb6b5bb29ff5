import { z } from "zod";
import { hexColorSchema, idSchema, intInRange } from "@/lib/validation/common";

const titleSchema = z.string().trim().min(1, "Title cannot be empty").max(200, "Must be at most 200 characters");
const subtitleSchema = z.string().max(500, "Must be at most 500 characters");
/** A short symbol (an emoji or a few characters). */
const iconSchema = z.string().max(16, "Must be at most 16 characters");
/** A CSS font-family list; the character set keeps it from breaking out of a style value. */
const fontFamilySchema = z
  .string()
  .trim()
  .min(1, "Font family cannot be empty")
  .max(100, "Must be at most 100 characters")
  .regex(/^[\w\s,'"-]+$/, "Letters, digits, spaces, commas, quotes and hyphens only");

/** DESIGN: keys are row/column indexes, values 0..2000 (pixels). */
const sizeMapSchema = z.record(
  z.string().regex(/^(?:0|[1-9]\d{0,2})$/, "Keys are row or column indexes from 0 to 999"),
  z.number({ error: "Expected a number" }).min(0, "Must be at least 0").max(2000, "Must be at most 2000"),
);

/** POST /api/snaps: every field optional (spec 4.1). */
export const snapCreateSchema = z.strictObject({
  title: titleSchema.default("Untitled Snap"),
  subtitle: subtitleSchema.optional(),
  icon: iconSchema.optional(),
  rows: intInRange(1, 100).default(1),
  cols: intInRange(1, 100).default(1),
  canvasBackgroundColor: hexColorSchema.optional(),
});
export type SnapCreate = z.infer<typeof snapCreateSchema>;

/** PATCH /api/snaps/:id: spec 4.1's fields plus DESIGN's sharing fields (owner or admin only). */
export const snapUpdateSchema = z.strictObject({
  title: titleSchema.optional(),
  subtitle: subtitleSchema.nullable().optional(),
  icon: iconSchema.nullable().optional(),
  fontFamily: fontFamilySchema.optional(),
  canvasBackgroundColor: hexColorSchema.optional(),
  folderId: idSchema.nullable().optional(),
  cellSpacing: z.number({ error: "Expected a number" }).min(0, "Must be at least 0").max(64, "Must be at most 64").optional(),
  rowHeights: sizeMapSchema.optional(),
  colWidths: sizeMapSchema.optional(),
  isPublic: z.boolean().optional(),
  shareMode: z.enum(["view", "edit"]).optional(),
  sharedWithWorkspace: z.boolean().optional(),
});
export type SnapUpdate = z.infer<typeof snapUpdateSchema>;

/** The sharing fields of an update: only the owner or a workspace admin may change them. */
export const SHARING_FIELDS = ["isPublic", "shareMode", "sharedWithWorkspace"] as const;

const booleanParam = z.enum(["true", "false"], { error: 'Expected "true" or "false"' }).transform((value) => value === "true");

/** GET /api/v1/workspace/snaps query (spec 4.1). */
export const workspaceSnapsQuerySchema = z.strictObject({
  search: z.string().trim().max(200, "Must be at most 200 characters").optional(),
  isPublic: booleanParam.optional(),
  folderId: idSchema.optional(),
  limit: z.coerce.number({ error: "Expected a whole number" }).pipe(intInRange(1, 100)).default(50),
  offset: z.coerce.number({ error: "Expected a whole number" }).pipe(intInRange(0, 1_000_000)).default(0),
  sortBy: z.enum(["createdAt", "updatedAt", "title"]).default("updatedAt"),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
});
export type WorkspaceSnapsQuery = z.infer<typeof workspaceSnapsQuerySchema>;
