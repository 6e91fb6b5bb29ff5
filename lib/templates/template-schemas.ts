import { z } from "zod";
import { idSchema } from "@/lib/validation/common";

const nameSchema = z.string().trim().min(1, "Name cannot be empty").max(100, "Must be at most 100 characters");
const descriptionSchema = z.string().trim().max(500, "Must be at most 500 characters");

/** POST /api/templates: a snap the caller may edit, saved for the caller's workspace. */
export const templateCreateSchema = z.strictObject({
  snapId: idSchema.describe("The snap to save as a template (edit access)."),
  name: nameSchema,
  description: descriptionSchema.optional(),
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templatePreviewCellSchema = z.object({
  position: z.object({ row: z.number().int(), col: z.number().int() }),
  rowSpan: z.number().int(),
  colSpan: z.number().int(),
  title: z.string(),
  type: z.string(),
  color: z.string(),
});

export const templateSchema = z.object({
  id: idSchema.describe("Pass as templateId to POST /api/snaps."),
  name: nameSchema,
  description: z.string(),
  source: z.enum(["builtin", "workspace"]).describe("builtin: shipped with the service; workspace: saved by a member."),
  rows: z.number().int(),
  cols: z.number().int(),
  previewCells: z.array(templatePreviewCellSchema).max(24).describe("Up to 24 cards with a title or a color, in reading order."),
});
export type Template = z.infer<typeof templateSchema>;

/** The part of a template that comes from its document, stored beside it (SnapTemplate's columns). */
export type TemplateSummary = Pick<Template, "rows" | "cols" | "previewCells">;

export const templatesResponseSchema = z.object({
  templates: z.array(templateSchema).describe("Built-in templates first, then the workspace's, newest first."),
});
export const templateResponseSchema = z.object({ template: templateSchema });
