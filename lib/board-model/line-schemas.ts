import { z } from "zod";
import { hexColorSchema, idSchema } from "@/lib/validation/common";

/** Lines join two cards of a snap (docs/API.md, "Lines"). */
export const lineStyleFields = {
  color: hexColorSchema,
  style: z.enum(["solid", "dashed"]),
  arrow: z.enum(["none", "end", "both"]),
};

/** POST /api/snaps/:id/lines: two distinct cards of that snap. */
export const lineCreateSchema = z
  .strictObject({
    fromCardId: idSchema,
    toCardId: idSchema,
    color: lineStyleFields.color.optional(),
    style: lineStyleFields.style.optional(),
    arrow: lineStyleFields.arrow.optional(),
  })
  .refine((line) => line.fromCardId !== line.toCardId, { path: ["toCardId"], message: "A line joins two different cards" });
export type LineCreate = z.infer<typeof lineCreateSchema>;

/** PATCH /api/lines/:id: only the looks change; a line's ends are fixed. */
export const lineUpdateSchema = z.strictObject(lineStyleFields).partial();
export type LineUpdate = z.infer<typeof lineUpdateSchema>;

/** A line, in every response that carries lines (lineSelect). */
export const lineSchema = z.object({
  id: idSchema,
  snapId: idSchema,
  fromCardId: idSchema,
  toCardId: idSchema,
  ...lineStyleFields,
});

export const lineResponseSchema = z.object({ line: lineSchema });
