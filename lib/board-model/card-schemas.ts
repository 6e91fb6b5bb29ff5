import { z } from "zod";
import { colorOrEmptySchema, idSchema, intInRange } from "@/lib/validation/common";
import { FONT_SIZES, MAX_ATTACHMENTS_BOUND, MAX_CARD_SPAN, MAX_CARDS_PER_BATCH, MAX_GRID_INDEX } from "./card-constants";
import { cardListSelect } from "./card-selects";
import { KNOWN_CELL_TYPES } from "@/lib/card-types/registry";

/** The registered card types, for the message and the API's description: "normal, …, image" and the last one. */
const knownTypesList = KNOWN_CELL_TYPES.slice(0, -1).join(", ");
const lastKnownType = KNOWN_CELL_TYPES.at(-1);

export { MAX_CARDS_PER_BATCH } from "./card-constants";

/**
 * Body limit of the batch routes: 100 cards with title and note at their 10,000-character maximum
 * are 2 MB in ASCII and about 6 MB in 3-byte UTF-8, so the default 1 MB would refuse legal batches.
 */
export const MAX_BATCH_BODY_BYTES = 8_000_000;

/** Every writable card field with its bounds (docs/API.md, "Cards"). */
export const cardFieldsSchema = z.object({
  title: z.string().max(10_000, "Must be at most 10,000 characters").describe("The text; for link and image cards, the URL."),
  row: intInRange(0, MAX_GRID_INDEX).describe("Row of the top-left cell, from 0."),
  col: intInRange(0, MAX_GRID_INDEX).describe("Column of the top-left cell, from 0."),
  rowSpan: intInRange(1, MAX_CARD_SPAN),
  colSpan: intInRange(1, MAX_CARD_SPAN),
  color: colorOrEmptySchema.describe('Background: "" (none) or a hex color.'),
  cellType: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,31}$/, `Expected a card type such as ${knownTypesList} or ${lastKnownType}`)
    .describe(`${knownTypesList}, ${lastKnownType}, or another lowercase identifier (rendered as normal).`),
  completed: z.boolean(),
  note: z.string().max(10_000, "Must be at most 10,000 characters"),
  textAlign: z.enum(["left", "center", "right"]),
  verticalAlign: z.enum(["top", "middle", "bottom"]),
  fontSize: z.enum(FONT_SIZES),
  bold: z.boolean(),
  italic: z.boolean(),
  underline: z.boolean(),
  borderRadius: intInRange(0, 24),
  borderSize: intInRange(0, 8),
  cellOpacity: intInRange(0, 100),
  locked: z
    .boolean()
    .describe("A locked card stays put on the board: no drag, resize, typing or delete until it is unlocked. The API still writes it (docs/API.md, \"Cards\")."),
  attachments: z
    .array(idSchema)
    .max(MAX_ATTACHMENTS_BOUND, `At most ${MAX_ATTACHMENTS_BOUND} attachments`)
    .describe(
      "Ids of files of the card's snap (POST /api/snaps/:id/files), in the order shown; the whole list replaces the card's. At most CARD_MAX_ATTACHMENTS (default 20), each once.",
    ),
});

/** A file attached to a card, as every card answer shows it (docs/API.md, "Cards"). */
export const cardAttachmentSchema = z.object({
  id: idSchema.describe("The file's id: read it at /api/files/{id}."),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0).describe("Bytes."),
});
export type CardAttachment = z.infer<typeof cardAttachmentSchema>;

/** PATCH /api/snaps/cards/:id: any card field but id and snapId; unknown fields are refused. */
export const cardUpdateSchema = cardFieldsSchema.partial().strict();
export type CardUpdate = z.infer<typeof cardUpdateSchema>;

/** POST /api/snaps/cards/:id: row and col required; snapId optional, equal to the path's (docs/API.md, "Cards"). */
export const cardCreateSchema = cardFieldsSchema
  .partial()
  .extend({ row: cardFieldsSchema.shape.row, col: cardFieldsSchema.shape.col, snapId: idSchema.optional() })
  .strict();
export type CardCreate = z.infer<typeof cardCreateSchema>;

/** POST /api/snaps/cards/batch: each item names its snap. */
export const cardBatchCreateSchema = z.strictObject({
  cards: z
    .array(cardCreateSchema.extend({ snapId: idSchema }))
    .min(1, "Send at least one card")
    .max(MAX_CARDS_PER_BATCH, `At most ${MAX_CARDS_PER_BATCH} cards per batch`),
});
export type CardBatchCreate = z.infer<typeof cardBatchCreateSchema>;

/** PATCH /api/snaps/cards/batch: each item names its card, at most once (two updates of one card have no order). */
export const cardBatchUpdateSchema = z
  .strictObject({
    updates: z
      .array(cardUpdateSchema.extend({ id: idSchema }))
      .min(1, "Send at least one update")
      .max(MAX_CARDS_PER_BATCH, `At most ${MAX_CARDS_PER_BATCH} updates per batch`),
  })
  .superRefine(({ updates }, ctx) => {
    const firstIndex = new Map<string, number>();
    updates.forEach(({ id }, index) => {
      const first = firstIndex.get(id);
      if (first === undefined) firstIndex.set(id, index);
      else ctx.addIssue({ code: "custom", path: ["updates", index, "id"], message: `Duplicate card id (also at updates.${first}.id)` });
    });
  });
export type CardBatchUpdate = z.infer<typeof cardBatchUpdateSchema>;

/** A card as every card endpoint answers it: exactly cardSelect's fields. */
export const cardSchema = cardFieldsSchema.extend({
  id: idSchema,
  snapId: idSchema,
  attachments: z.array(cardAttachmentSchema).describe("The card's files, in order ([] when none)."),
});
export type Card = z.infer<typeof cardSchema>;

/** A card in GET /api/snaps carries only cardListSelect's nine fields (docs/API.md, "Snaps"). */
export const listCardSchema = cardSchema.pick(cardListSelect);

export const cardResponseSchema = z.object({ card: cardSchema });
export const cardsResponseSchema = z.object({ cards: z.array(cardSchema).describe("In request order.") });
