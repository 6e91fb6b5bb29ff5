import { z } from "zod";
import { colorOrEmptySchema, idSchema, intInRange } from "@/lib/validation/common";
import { MAX_CARDS_PER_BATCH } from "./card-constants";
import { CARD_FIELDS, CARD_FIELD_NAMES, CARD_TYPE_PATTERN, type CardFieldName, type CardFieldSpec } from "./card-fields";
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

type Fields = typeof CARD_FIELDS;
/** The zod type each kind of field is checked with. */
type SchemaOf<S> = S extends { type: "text" | "cardType" }
  ? z.ZodString
  : S extends { type: "int" }
    ? ReturnType<typeof intInRange>
    : S extends { type: "boolean" }
      ? z.ZodBoolean
      : S extends { type: "choice"; values: readonly (infer V extends string)[] }
        ? z.ZodEnum<{ [K in V]: K }>
        : S extends { type: "color" }
          ? typeof colorOrEmptySchema
          : S extends { type: "files" }
            ? z.ZodArray<typeof idSchema>
            : never;

/** A field's schema, made from its row of the card field table (card-fields.ts). */
function fieldSchema(spec: CardFieldSpec): z.ZodType {
  const schema = (() => {
    switch (spec.type) {
      case "text":
        return z.string().max(spec.maxLength, `Must be at most ${spec.maxLength.toLocaleString("en-US")} characters`);
      case "int":
        return intInRange(spec.min, spec.max);
      case "boolean":
        return z.boolean();
      case "choice":
        return z.enum(spec.values);
      case "color":
        return colorOrEmptySchema;
      case "cardType":
        return z
          .string()
          .regex(CARD_TYPE_PATTERN, `Expected a card type such as ${knownTypesList} or ${lastKnownType}`)
          .describe(`${knownTypesList}, ${lastKnownType}, or another lowercase identifier (rendered as normal).`);
      case "files":
        return z.array(idSchema).max(spec.max, `At most ${spec.max} attachments`);
    }
  })();
  return spec.description ? schema.describe(spec.description) : schema;
}

/** Every writable card field with its bounds (docs/API.md, "Cards"), in the table's order. */
export const cardFieldsSchema = z.object(
  Object.fromEntries(CARD_FIELD_NAMES.map((name) => [name, fieldSchema(CARD_FIELDS[name])])) as { [K in CardFieldName]: SchemaOf<Fields[K]> },
);

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
