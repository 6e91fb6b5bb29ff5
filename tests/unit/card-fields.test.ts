import { describe, expect, it } from "vitest";
import { CARD_COLUMN_TYPES } from "@/lib/board-model/card-column-types";
import {
  CARD_DEFAULTS,
  CARD_FIELDS,
  CARD_FIELD_NAMES,
  cardFieldTopic,
  isCardFieldValue,
  readCardFieldValue,
  type CardFieldName,
} from "@/lib/board-model/card-fields";
import { cardCreateSchema, cardFieldsSchema, cardSchema, listCardSchema } from "@/lib/board-model/card-schemas";
import { cardListSelect, cardSelect } from "@/lib/board-model/card-selects";
import { summarizeHistoryChange } from "@/lib/history/describe-history-change";
import { CSV_COLUMNS } from "@/lib/transfer/to-cards-csv";
import { documentCardSchema } from "@/lib/transfer/transfer-schemas";

/** Values around every kind of field's bounds, and of the wrong types. */
const SAMPLES: unknown[] = [
  -1,
  0,
  0.5,
  1,
  7,
  8,
  9,
  23,
  24,
  25,
  99,
  100,
  101,
  998,
  999,
  1000,
  Number.NaN,
  "",
  "x",
  "x".repeat(10_000),
  "x".repeat(10_001),
  "#fff",
  "#ffffff",
  "#ffffff80",
  "#fffff",
  "red",
  "normal",
  "todo",
  "my-type",
  "Todo",
  "1abc",
  "a".repeat(32),
  "a".repeat(33),
  "left",
  "center",
  "middle",
  "bottom",
  "text-sm",
  "text-9xl",
  "text-10xl",
  true,
  false,
  null,
  undefined,
  {},
  [],
  ["file1"],
  Array.from({ length: 101 }, (_, index) => `file${index}`),
];

describe("the card field table", () => {
  it("drives the API's schema: each field accepts exactly the values the table's check does", () => {
    for (const name of CARD_FIELD_NAMES) {
      const schema = cardFieldsSchema.shape[name];
      for (const value of SAMPLES) {
        expect({ name, value, accepted: schema.safeParse(value).success }).toEqual({ name, value, accepted: isCardFieldValue(name, value) });
      }
    }
  });

  it("gives every bound of the schemas: an int field at its max passes, one past it is refused with the bound", () => {
    const ints = CARD_FIELD_NAMES.filter((name) => CARD_FIELDS[name].type === "int");
    expect(ints).toEqual(["row", "col", "rowSpan", "colSpan", "borderRadius", "borderSize", "cellOpacity"]);
    for (const name of ints) {
      const spec = CARD_FIELDS[name] as { min: number; max: number };
      const update = (value: number) => cardFieldsSchema.partial().safeParse({ [name]: value });
      expect(update(spec.max).success).toBe(true);
      expect(update(spec.min).success).toBe(true);
      expect(update(spec.max + 1).error?.issues).toEqual([expect.objectContaining({ path: [name], message: `Must be at most ${spec.max}` })]);
      expect(update(spec.min - 1).error?.issues).toEqual([expect.objectContaining({ path: [name], message: `Must be at least ${spec.min}` })]);
    }
    expect(CARD_FIELDS.borderRadius).toMatchObject({ min: 0, max: 24 });
    expect(CARD_FIELDS.borderSize).toMatchObject({ min: 0, max: 8 });
  });

  it("gives the defaults: of a document's card, and of the database (schema.prisma, tests/unit/card-defaults.test.ts)", () => {
    const card = documentCardSchema.parse({ key: "a", row: 2, col: 3 });
    expect(card).toEqual({ key: "a", row: 2, col: 3, ...CARD_DEFAULTS });
    expect(CARD_DEFAULTS.locked).toBe(false);
    expect(Object.keys(CARD_DEFAULTS)).toEqual(CARD_FIELD_NAMES.filter((name) => !["row", "col", "attachments"].includes(name)));
  });

  it("gives the columns, selects and answer schemas, in its order", () => {
    expect(Object.keys(CARD_COLUMN_TYPES)).toEqual(CARD_FIELD_NAMES);
    expect(CARD_COLUMN_TYPES).toMatchObject({ row: "int", locked: "boolean", textAlign: '"TextAlign"', fontSize: "text", attachments: "jsonb" });
    expect(Object.keys(cardSelect)).toEqual(["id", "snapId", ...CARD_FIELD_NAMES]);
    expect(Object.keys(cardSchema.shape).sort()).toEqual(Object.keys(cardSelect).sort());
    expect(Object.keys(cardListSelect)).toEqual(["id", "row", "col", "rowSpan", "colSpan", "color", "borderRadius", "borderSize", "cellOpacity"]);
    expect(Object.keys(listCardSchema.shape).sort()).toEqual(Object.keys(cardListSelect).sort());
    expect(CSV_COLUMNS).toEqual(CARD_FIELD_NAMES.filter((name) => name !== "attachments"));
    expect(cardCreateSchema.safeParse({ row: 0, col: 0, locked: "yes" }).error?.issues[0]?.path).toEqual(["locked"]);
  });

  it("reads a pasted card's fields by the same bounds, keeping what a copy keeps", () => {
    const read = (name: CardFieldName, value: unknown) => readCardFieldValue(name, value);
    expect(read("locked", true)).toBe(true);
    expect(read("locked", "yes")).toBe(false);
    expect(read("borderRadius", 25)).toBe(8);
    expect(read("borderSize", 8)).toBe(8);
    expect(read("color", "#11223344")).toBe("#11223344");
    expect(read("color", "red")).toBe("");
    expect(read("row", -1)).toBe(0);
    expect(read("title", "x".repeat(10_005))).toHaveLength(10_000);
    expect(read("attachments", ["file1"])).toEqual(["file1"]);
    expect(CARD_FIELD_NAMES.filter((name) => !CARD_FIELDS[name].copied)).toEqual(["attachments"]);
  });

  it("names the fields in conflicts and history", () => {
    expect(["row", "rowSpan", "bold", "underline", "locked", "color", "somethingNew"].map(cardFieldTopic)).toEqual([
      "position",
      "size",
      "text style",
      "text style",
      "lock",
      "color",
      "somethingNew",
    ]);
    const updated = (...fields: string[]) => summarizeHistoryChange({ updatedCards: { a: Object.fromEntries(fields.map((field) => [field, true])) } });
    expect(updated("locked")).toBe("Locked or unlocked a card");
    expect(updated("row", "col")).toBe("Moved a card");
    expect(updated("row", "colSpan")).toBe("Moved and resized a card");
    expect(updated("title", "note")).toBe("Edited the text of a card");
    expect(updated("bold", "color", "attachments")).toBe("Restyled a card");
    expect(updated("title", "bold")).toBe("Edited a card");
    expect(updated("locked", "bold")).toBe("Edited a card");
  });
});
