import { z } from "zod";
import { idSchema } from "@/lib/validation/common";
import { lineSchema, lineUpdateSchema } from "./line-schemas";
import { MAX_CHANGE_ITEMS } from "./card-constants";

const TOO_MANY = `At most ${MAX_CHANGE_ITEMS.toLocaleString("en-US")} items in all`;

/**
 * One end of a line a change creates: a card of the snap by its id, as `update` and `delete` name
 * cards, or a card the same change creates, by its index in the change's `create` (docs/API.md, "Changes").
 */
export const changeCardRefSchema = z
  .union([idSchema, z.number({ error: "Expected a card id or an index in create" }).int("Expected a whole number").min(0, "Must be at least 0")])
  .describe("A card of this snap by id (a string), or a card this change creates by its index in `create` (a number from 0).");

/** A line a change creates: the looks of POST /api/snaps/:id/lines, its ends named as cards are in a change. */
export const changeLineCreateSchema = lineUpdateSchema
  .extend({ from: changeCardRefSchema, to: changeCardRefSchema })
  .refine((line) => line.from !== line.to, { path: ["to"], message: "A line joins two different cards" });

/** `lines` of POST /api/snaps/:id/changes: lines created, restyled and deleted with the cards. */
export const changeLinesSchema = z
  .strictObject({
    create: z.array(changeLineCreateSchema).max(MAX_CHANGE_ITEMS, TOO_MANY).optional().describe("New lines; their cards may be created by this change."),
    update: z
      .array(lineUpdateSchema.extend({ id: idSchema }))
      .max(MAX_CHANGE_ITEMS, TOO_MANY)
      .optional()
      .describe("Looks changed, as PATCH /api/lines/:id, each naming a line of this snap."),
    delete: z.array(idSchema).max(MAX_CHANGE_ITEMS, TOO_MANY).optional().describe("Ids of lines of this snap to delete."),
  })
  .describe('Lines written in the same change as the cards (docs/API.md, "Changes").');
export type ChangeLines = z.infer<typeof changeLinesSchema>;
export type ChangeLineCreate = z.infer<typeof changeLineCreateSchema>;

export function changeLineCount(lines: ChangeLines | undefined): number {
  return (lines?.create?.length ?? 0) + (lines?.update?.length ?? 0) + (lines?.delete?.length ?? 0);
}

/**
 * The checks of `lines` that need the whole change: an end given by index names an item of
 * `create`, an end given by id is not a card the change deletes, and a line is named once across
 * update and delete.
 */
export function checkChangeLines(lines: ChangeLines | undefined, cards: { createCount: number; deletes: ReadonlySet<string> }, ctx: z.RefinementCtx): void {
  lines?.create?.forEach((line, index) => {
    for (const end of ["from", "to"] as const) {
      const ref = line[end];
      const path = ["lines", "create", index, end];
      if (typeof ref === "number" && ref >= cards.createCount) {
        ctx.addIssue({ code: "custom", path, message: `No card at index ${ref} of create (it has ${cards.createCount})` });
      } else if (typeof ref === "string" && cards.deletes.has(ref)) {
        ctx.addIssue({ code: "custom", path, message: `Card ${ref} is deleted by this change` });
      }
    }
  });
  const seen = new Map<string, string>();
  const claim = (id: string, path: (string | number)[]) => {
    const first = seen.get(id);
    if (first === undefined) seen.set(id, path.join("."));
    else ctx.addIssue({ code: "custom", path, message: `Line ${id} appears twice (also at ${first}); one change edits a line once` });
  };
  lines?.update?.forEach(({ id }, index) => claim(id, ["lines", "update", index, "id"]));
  lines?.delete?.forEach((id, index) => claim(id, ["lines", "delete", index]));
}

/** What a change answers about its lines, when it had `lines`. */
export const changeLinesResponseSchema = z.object({
  created: z.array(lineSchema).describe("In the order of `lines.create`."),
  updated: z.array(lineSchema).describe("In the order of `lines.update`, as the change left them."),
  deleted: z.array(idSchema).describe("The lines deleted: those of `lines.delete`, then those that went with deleted cards."),
});
