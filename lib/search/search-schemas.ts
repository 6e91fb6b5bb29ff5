import { z } from "zod";
import { idSchema } from "@/lib/validation/common";

export const SEARCH_TYPES = ["snap", "card", "comment"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MAX_QUERY_CHARACTERS = 200;
/** A snippet's length at most, in UTF-16 code units (JavaScript string indices). */
export const SNIPPET_MAX_LENGTH = 200;

const searchTypeSchema = z.enum(SEARCH_TYPES, { error: `Unknown type: expected ${SEARCH_TYPES.join(", ")}` });

/** q: not blank, at most 200 characters (code points, so an emoji is one). */
const searchTextSchema = z
  .string({ error: "Expected the text to search for" })
  .refine((text) => text.trim().length > 0, "Must not be empty")
  .refine((text) => [...text].length <= SEARCH_MAX_QUERY_CHARACTERS, `Must be at most ${SEARCH_MAX_QUERY_CHARACTERS} characters`)
  .describe(
    'What to find: every word, in any order; the last word also as a prefix; case and accents ignored; "a phrase" in quotes; -word excludes. Everything else is plain text.',
  );

const cursorSchema = z
  .string()
  .max(300, "Not a valid cursor")
  .regex(/^[A-Za-z0-9_-]+$/, "Not a valid cursor")
  .describe("The `nextCursor` of the previous page (with the same q, types and snapId).");

const typesListSchema = z
  .string()
  .max(100)
  .transform((value, context) => {
    const types = [...new Set(value.split(",").map((type) => type.trim()))];
    const unknown = types.find((type) => !(SEARCH_TYPES as readonly string[]).includes(type));
    if (unknown !== undefined) {
      context.addIssue({ code: "custom", message: `Unknown type: ${JSON.stringify(unknown)}; expected ${SEARCH_TYPES.join(", ")}` });
      return z.NEVER;
    }
    return types as SearchType[];
  })
  .describe("Comma-separated: snap, card, comment (default all three).");

/** GET /api/search's query. */
export const searchQuerySchema = z.strictObject({
  q: searchTextSchema,
  types: typesListSchema.optional(),
  snapId: idSchema.optional().describe("Only this snap (nothing when you cannot read it)."),
  limit: z.coerce
    .number({ error: "Expected a number" })
    .int("Expected a whole number")
    .min(1, "Must be at least 1")
    .max(SEARCH_MAX_LIMIT, `Must be at most ${SEARCH_MAX_LIMIT}`)
    .default(20)
    .describe("Results per page, 1..50 (default 20)."),
  cursor: cursorSchema.optional(),
});
export type SearchQueryInput = z.infer<typeof searchQuerySchema>;

/** The MCP tool search: the same query with typed values (types as a list). */
export const searchArgsSchema = z.strictObject({
  q: searchTextSchema,
  types: z.array(searchTypeSchema).min(1).max(SEARCH_TYPES.length).optional().describe("Only these kinds (default all)."),
  snapId: idSchema.optional().describe("Only this snap."),
  limit: z
    .number({ error: "Expected a number" })
    .int("Expected a whole number")
    .min(1, "Must be at least 1")
    .max(SEARCH_MAX_LIMIT, `Must be at most ${SEARCH_MAX_LIMIT}`)
    .default(20),
  cursor: cursorSchema.optional(),
});

export const searchResultSchema = z.object({
  type: searchTypeSchema,
  snap: z
    .object({
      id: idSchema,
      title: z.string(),
      folder: z.string().nullable().describe("The name of the folder the snap is filed in; null when it is in none."),
      owner: z
        .string()
        .describe("The snap owner's name (when they have none, their email's part before the @: a full address is never shown to readers of a board)."),
    })
    .describe("The board the result is on (a snap result: the snap itself), with where it is, to tell boards of one title apart."),
  card: z
    .object({ id: idSchema, row: z.number().int(), col: z.number().int(), cellType: z.string() })
    .nullable()
    .describe("The card (a card result, or the card a comment is on); null otherwise."),
  comment: z.object({ id: idSchema, cardId: idSchema.nullable() }).nullable().describe("A comment result's comment; null otherwise."),
  title: z.string().describe("The snap's title, the card's title, or the comment author's name."),
  snippet: z.string().max(SNIPPET_MAX_LENGTH).describe("Plain text, at most 200 characters, around the best match (… where cut)."),
  highlights: z
    .array(z.tuple([z.number().int().min(0), z.number().int().min(0)]))
    .describe("[start, end) offsets of the matched words in snippet, in UTF-16 code units (JavaScript string indices)."),
  score: z.number().describe("1 when the words are in the title (a snap's or card's), 0.5 when elsewhere; results are sorted by it, then newest first."),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  nextCursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last page."),
  hasMore: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
