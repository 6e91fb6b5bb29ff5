import type { CardCreate, CardUpdate } from "../../generated/types.gen.js";
import type { Command, OptionSpec, RunContext } from "../command.js";
import { integerOption, requiredPositional, stringOption, UsageError } from "../command.js";
import { parseCell } from "../cells.js";
import { details, table } from "../output.js";

const FIELD_OPTIONS: OptionSpec = {
  title: { type: "string" },
  at: { type: "string" },
  "row-span": { type: "string" },
  "col-span": { type: "string" },
  type: { type: "string" },
  color: { type: "string" },
  note: { type: "string" },
};
const FIELD_HELP = {
  title: "Its text (for link and image cards, the URL)",
  at: "Its top-left cell, as R1C1 or A1",
  "row-span": "Rows it covers",
  "col-span": "Columns it covers",
  type: "Its type (cellType), e.g. normal, heading, checkbox, link, image",
  color: "Its background colour, e.g. #fde68a",
  note: "Its note",
};

/** The card fields the options give (only those given). */
function cardFields(context: RunContext): CardUpdate {
  const fields: CardUpdate = {};
  const at = stringOption(context, "at");
  if (at !== undefined) {
    const cell = parseCell(at);
    if (!cell) throw new UsageError(`--at must be a cell such as R2C3 or C2, not "${at}"`);
    Object.assign(fields, cell);
  }
  const title = stringOption(context, "title");
  if (title !== undefined) fields.title = title;
  const rowSpan = integerOption(context, "row-span");
  if (rowSpan !== undefined) fields.rowSpan = rowSpan;
  const colSpan = integerOption(context, "col-span");
  if (colSpan !== undefined) fields.colSpan = colSpan;
  const type = stringOption(context, "type");
  if (type !== undefined) fields.cellType = type;
  const color = stringOption(context, "color");
  if (color !== undefined) fields.color = color;
  const note = stringOption(context, "note");
  if (note !== undefined) fields.note = note;
  return fields;
}

export const cardCommands: Command[] = [
  {
    path: ["cards", "ls"],
    args: "<snap-id>",
    summary: "List a snap's cards.",
    async run(context) {
      const snap = await (await context.client()).snaps.get(requiredPositional(context, 0, "the snap id"));
      context.out(
        context.json
          ? JSON.stringify(snap.cards, null, 2) + "\n"
          : table(snap.cards, [
              ["id", (card) => card.id],
              ["at", (card) => `R${card.row + 1}C${card.col + 1}`],
              ["span", (card) => `${card.rowSpan}x${card.colSpan}`],
              ["type", (card) => card.cellType],
              ["title", (card) => card.title],
            ]),
      );
    },
  },
  {
    path: ["cards", "get"],
    args: "<card-id>",
    summary: "Show a card.",
    async run(context) {
      const card = await (await context.client()).cards.get(requiredPositional(context, 0, "the card id"));
      context.out(context.json ? JSON.stringify(card, null, 2) + "\n" : details(card));
    },
  },
  {
    path: ["cards", "create"],
    args: "<snap-id>",
    summary: "Add a card to a snap (--at is required).",
    options: FIELD_OPTIONS,
    optionHelp: FIELD_HELP,
    async run(context) {
      const snapId = requiredPositional(context, 0, "the snap id");
      const fields = cardFields(context);
      if (fields.row === undefined || fields.col === undefined) throw new UsageError("--at is required: the card's top-left cell, e.g. R1C1");
      const card = await (await context.client()).cards.create(snapId, fields as CardCreate);
      context.out(context.json ? JSON.stringify(card, null, 2) + "\n" : `${card.id}\n`);
    },
  },
  {
    path: ["cards", "update"],
    args: "<card-id>",
    summary: "Change a card's fields (only those given).",
    options: FIELD_OPTIONS,
    optionHelp: FIELD_HELP,
    async run(context) {
      const fields = cardFields(context);
      if (Object.keys(fields).length === 0)
        throw new UsageError("Nothing to change: give at least one of --title, --at, --type, --color, --note, --row-span, --col-span");
      const card = await (await context.client()).cards.update(requiredPositional(context, 0, "the card id"), fields);
      context.out(context.json ? JSON.stringify(card, null, 2) + "\n" : details(card));
    },
  },
  {
    path: ["cards", "rm"],
    args: "<card-id>",
    summary: "Delete a card.",
    async run(context) {
      const id = requiredPositional(context, 0, "the card id");
      await (await context.client()).cards.delete(id);
      context.note(`Deleted ${id}\n`);
    },
  },
];
