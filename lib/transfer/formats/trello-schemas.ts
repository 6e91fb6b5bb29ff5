import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { jsonPath } from "../json-path";

/**
 * The parts of a Trello board export ("Export as JSON" in a board's menu) that an import reads.
 * Trello writes many more fields; they are ignored (these objects are not strict), but what is
 * read is held to a shape and a bound, so a hostile file is a 400, never a 500.
 */
const text = (max: number) => z.string().max(max, `Must be at most ${max.toLocaleString("en")} characters`);
const when = z.string().max(64).nullable().optional();

const trelloLabelSchema = z.object({ name: text(16_384).nullable().optional(), color: text(64).nullable().optional() });

export const trelloBoardSchema = z.object({
  id: text(64),
  name: text(16_384),
  lists: z
    .array(z.object({ id: text(64), name: text(16_384), closed: z.boolean().default(false), pos: z.number().default(0) }))
    .max(10_000, "At most 10,000 lists"),
  cards: z
    .array(
      z.object({
        id: text(64),
        idList: text(64),
        name: text(16_384),
        desc: text(16_384).default(""),
        closed: z.boolean().default(false),
        pos: z.number().default(0),
        due: when,
        dueComplete: z.boolean().nullable().optional(),
        start: when,
        labels: z.array(trelloLabelSchema).max(1_000).default([]),
        attachments: z
          .array(z.object({ name: text(16_384).nullable().optional(), url: text(16_384).nullable().optional() }))
          .max(1_000)
          .default([]),
      }),
    )
    .max(100_000, "At most 100,000 cards"),
  checklists: z
    .array(
      z.object({
        idCard: text(64),
        name: text(16_384).default(""),
        pos: z.number().default(0),
        checkItems: z
          .array(z.object({ name: text(16_384), state: text(64).default("incomplete"), pos: z.number().default(0) }))
          .max(1_000)
          .default([]),
      }),
    )
    .max(100_000)
    .default([]),
  actions: z
    .array(
      z.object({
        type: text(64),
        date: when,
        data: z.object({ text: text(16_384).optional(), card: z.object({ id: text(64) }).optional() }).default({}),
        memberCreator: z
          .object({ fullName: text(1_000).nullable().optional(), username: text(1_000).nullable().optional() })
          .nullable()
          .optional(),
      }),
    )
    .max(100_000)
    .default([]),
});
export type TrelloBoard = z.infer<typeof trelloBoardSchema>;

/** A parsed body as a Trello board export, or a 400 saying it is not one and where. */
export function parseTrelloBoard(value: unknown): TrelloBoard {
  const result = trelloBoardSchema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.slice(0, 20).map((issue) => ({ path: jsonPath(issue.path), message: issue.message }));
  throw new ApiError(
    "BAD_REQUEST",
    `Not a Trello board export (Trello: board menu → Print, export and share → Export as JSON): ${details[0]!.path} ${details[0]!.message}`,
    details,
  );
}
