import { z } from "zod";
import { idSchema } from "@/lib/validation/common";
import { baseVersionSchema } from "@/lib/board-model/base-version-schema";
import { cardCreateSchema, cardSchema, cardUpdateSchema } from "@/lib/board-model/card-schemas";
import { MAX_CHANGE_ITEMS } from "@/lib/board-model/card-constants";
import { changeLineCount, changeLinesResponseSchema, changeLinesSchema, checkChangeLines } from "@/lib/board-model/change-line-schemas";
import { snapFieldsSchema, snapUpdateSchema } from "./snap-schemas";

export { MAX_CHANGE_ITEMS } from "@/lib/board-model/card-constants";
export { baseVersionSchema } from "@/lib/board-model/base-version-schema";

/**
 * Body limit of POST /api/snaps/:id/changes and PUT /api/snaps/:id/range: 800 bytes an item at
 * 5,000 items, where a moved, restyled or pasted card takes a few dozen to a few hundred (every
 * field of a card about 400); a change of long texts is sent as several. Half the card batches'
 * 8 MB: a change's memory follows its items (their objects, the rows read back, the texts written
 * for history and the feed), and three changes of 5,000 cards at this limit at once already fill
 * most of the server's 256 MB heap (docs/PERFORMANCE.md, "Many cards as one change").
 */
export const MAX_CHANGE_BODY_BYTES = 4_000_000;

const TOO_MANY = `At most ${MAX_CHANGE_ITEMS.toLocaleString("en-US")} items in all (create, update, delete and lines)`;

/**
 * POST /api/snaps/:id/changes: cards created, updated and deleted, lines and snap fields, in one
 * change (docs/API.md, "Changes"). The items are checked whole before anything is written; an id
 * appears at most once across update and delete, since two edits of one card in one change have no order.
 */
export const snapChangesObjectSchema = z.strictObject({
  create: z
    .array(cardCreateSchema.omit({ snapId: true }))
    .max(MAX_CHANGE_ITEMS, TOO_MANY)
    .optional()
    .describe("New cards of this snap (row and col required, every other card field optional)."),
  update: z
    .array(cardUpdateSchema.extend({ id: idSchema }))
    .max(MAX_CHANGE_ITEMS, TOO_MANY)
    .optional()
    .describe("Partial updates, each naming a card of this snap."),
  delete: z.array(idSchema).max(MAX_CHANGE_ITEMS, TOO_MANY).optional().describe("Ids of cards of this snap to delete; their lines go with them."),
  lines: changeLinesSchema.optional(),
  snap: snapUpdateSchema
    .optional()
    .describe("Snap fields, as PATCH /api/snaps/:id takes them (the sharing fields need the same rights), written in the same change."),
  baseVersion: baseVersionSchema.optional(),
  skipMissing: z
    .boolean()
    .optional()
    .describe(
      "When true, update and delete items naming a card that is not in this snap (deleted meanwhile) are left out instead of refusing the change with 404; the answer lists them in `missing`, with who deleted them. Items of `lines` naming a line, or a card of a new line, that is gone are left out too (not listed). Default false.",
    ),
});

/** Every change: 1 to 5,000 items in all (cards and lines) or snap fields, each card and line named once. */
export function checkSnapChanges(change: z.output<typeof snapChangesObjectSchema>, ctx: z.RefinementCtx): void {
  const counts = {
    create: change.create?.length ?? 0,
    update: change.update?.length ?? 0,
    delete: change.delete?.length ?? 0,
    lines: changeLineCount(change.lines),
  };
  const total = counts.create + counts.update + counts.delete + counts.lines;
  if (total === 0 && Object.keys(change.snap ?? {}).length === 0) {
    ctx.addIssue({ code: "custom", path: [], message: "Send at least one item in create, update, delete or lines, or a field in snap" });
  }
  if (total > MAX_CHANGE_ITEMS) {
    const largest = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) => (counts[b] > counts[a] ? b : a));
    ctx.addIssue({
      code: "custom",
      path: [largest],
      message: `At most ${MAX_CHANGE_ITEMS.toLocaleString("en-US")} items in all (create, update, delete and lines); this change has ${total}`,
    });
  }
  checkChangeLines(change.lines, { createCount: counts.create, deletes: new Set(change.delete ?? []) }, ctx);
  const seen = new Map<string, string>();
  const claim = (id: string, path: (string | number)[]) => {
    const first = seen.get(id);
    if (first === undefined) seen.set(id, path.join("."));
    else ctx.addIssue({ code: "custom", path, message: `Card ${id} appears twice (also at ${first}); one change edits a card once` });
  };
  change.update?.forEach(({ id }, index) => claim(id, ["update", index, "id"]));
  change.delete?.forEach((id, index) => claim(id, ["delete", index]));
}

export const snapChangesSchema = snapChangesObjectSchema.superRefine(checkSnapChanges);
export type SnapChanges = z.infer<typeof snapChangesSchema>;
export type SnapChangesInput = z.input<typeof snapChangesSchema>;

const mergeActorSchema = z.object({
  userId: idSchema.nullable().describe("null when the account is gone."),
  name: z.string(),
});

export const snapChangesResponseSchema = z.object({
  version: z.number().int().min(1).describe("The snap's version after this change (also the Snap-Version header)."),
  created: z.array(cardSchema).describe("In the order of `create`."),
  updated: z.array(cardSchema).describe("In the order of `update`, as the change left them."),
  deleted: z.array(idSchema).describe("In the order of `delete`."),
  overwritten: z
    .array(
      z.object({
        cardId: idSchema,
        field: z.string().describe("The card field this change set over theirs."),
        by: mergeActorSchema,
        version: z.number().int().min(1).describe("The snap version their write made."),
        value: z.unknown().describe("Their value, which this change replaced; it stays in the snap's history."),
      }),
    )
    .describe(
      "With a Base-Version header older than the snap: each card field this change set that someone else wrote after that version (later write wins), from the snap's last 500 events. Empty otherwise.",
    ),
  missing: z
    .array(z.object({ cardId: idSchema, deletedBy: mergeActorSchema.nullable(), version: z.number().int().min(1).nullable() }))
    .describe(
      "With skipMissing: the cards named that are not in this snap, left out; who deleted them and at which version when the snap's last 500 events tell, else null.",
    ),
  lines: changeLinesResponseSchema.optional().describe("When the change had `lines`: the lines as it left them."),
  snap: snapFieldsSchema.optional().describe("When the change had `snap`: the snap's fields as it left them (no cards or lines)."),
});
