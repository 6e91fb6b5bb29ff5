import { z } from "zod";
import { snapCreateSchema, subtitleSchema, iconSchema, titleSchema } from "@/lib/snaps/snap-schemas";
import { hexColorSchema, idSchema, intInRange } from "@/lib/validation/common";

const templateIdSchema = idSchema.describe("A template of GET /api/templates: the new snap is its board; the fields you send win.");

/** POST /api/snaps's body: snapCreateSchema, or a template with the fields that override it. */
export const snapCreateRequestSchema = snapCreateSchema.extend({ templateId: templateIdSchema.optional() });

/** The same body with a templateId, without defaults: only the fields sent replace the template's. */
export const snapFromTemplateSchema = z.strictObject({
  templateId: templateIdSchema,
  title: titleSchema.optional(),
  subtitle: subtitleSchema.optional(),
  icon: iconSchema.optional(),
  rows: intInRange(1, 100).optional().describe("At least the template's rows; more adds empty rows."),
  cols: intInRange(1, 100).optional().describe("At least the template's columns; more adds empty columns."),
  canvasBackgroundColor: hexColorSchema.optional(),
});
export type SnapFromTemplate = z.infer<typeof snapFromTemplateSchema>;
