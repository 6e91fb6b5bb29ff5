import { HEX_COLOR_PATTERN } from "@/lib/validation/patterns";
import { FONT_SIZES, MAX_ATTACHMENTS_BOUND, MAX_CARD_SPAN, MAX_GRID_INDEX } from "./card-constants";

/**
 * THE card's fields, each once: its type and bounds, its default, what people call it, and how it
 * travels (listed, exported, copied). Everything else is derived from this table: the API's zod
 * schemas (card-schemas.ts), the Prisma selects and SQL column types, the export document and its
 * CSV columns, the clipboard's reading of a pasted card, the board's blank card, the inspector's
 * labels, the conflict notices and the history's sentences. Adding a field is a line here, a
 * column in prisma/schema.prisma with its migration, and the UI that edits it (docs/ARCHITECTURE.md,
 * "Where to add things"). No zod here: the board's bundle reads this table too.
 */

/** What a change of only such fields is called in history: "Moved 3 cards", "Restyled a card". */
export type CardFieldChange = "move" | "resize" | "text" | "look" | "lock";

interface FieldBase {
  /** The field's name in the inspector. */
  label: string;
  /** The part of the card it is, as a sentence names it ("changed the text style of …"). */
  topic: string;
  change: CardFieldChange;
  /** One of the few fields a card in GET /api/snaps carries (docs/API.md, "Snaps"). */
  listed?: boolean;
  /** A column of the CSV export (the JSON document carries every field). */
  csv: boolean;
  /** A pasted copy keeps it; otherwise the copy takes the default. */
  copied: boolean;
  /** For the API's reference (OpenAPI, MCP tools). */
  description?: string;
}

export type CardFieldSpec =
  | (FieldBase & { type: "text"; maxLength: number; default: string })
  | (FieldBase & { type: "int"; min: number; max: number; default?: number })
  | (FieldBase & { type: "boolean"; default: boolean })
  | (FieldBase & { type: "choice"; values: readonly [string, ...string[]]; default: string; sqlType: string; valueLabels?: Readonly<Record<string, string>> })
  | (FieldBase & { type: "color"; default: "" })
  | (FieldBase & { type: "cardType"; default: string })
  | (FieldBase & { type: "files"; max: number });

/** A card type's name: registered ones and any other an integration invents (docs/API.md, "Cards"). */
export const CARD_TYPE_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
export const MAX_CARD_TEXT = 10_000;

const text = { type: "text", maxLength: MAX_CARD_TEXT, default: "", change: "text", csv: true, copied: true } as const;
const look = { change: "look", csv: true, copied: true } as const;
const flag = { type: "boolean", default: false, ...look } as const;

/** In the order of the export document and its CSV columns. */
export const CARD_FIELDS = {
  row: {
    type: "int",
    min: 0,
    max: MAX_GRID_INDEX,
    label: "Row",
    topic: "position",
    change: "move",
    listed: true,
    csv: true,
    copied: true,
    description: "Row of the top-left cell, from 0.",
  },
  col: {
    type: "int",
    min: 0,
    max: MAX_GRID_INDEX,
    label: "Column",
    topic: "position",
    change: "move",
    listed: true,
    csv: true,
    copied: true,
    description: "Column of the top-left cell, from 0.",
  },
  rowSpan: {
    type: "int",
    min: 1,
    max: MAX_CARD_SPAN,
    default: 1,
    label: "Rows spanned",
    topic: "size",
    change: "resize",
    listed: true,
    csv: true,
    copied: true,
  },
  colSpan: {
    type: "int",
    min: 1,
    max: MAX_CARD_SPAN,
    default: 1,
    label: "Columns spanned",
    topic: "size",
    change: "resize",
    listed: true,
    csv: true,
    copied: true,
  },
  title: { ...text, label: "Text", topic: "text", description: "The text; for link and image cards, the URL." },
  note: { ...text, label: "Note", topic: "note" },
  cellType: { type: "cardType", default: "normal", label: "Type", topic: "type", ...look },
  completed: { ...flag, label: "Completed", topic: "done state" },
  color: { type: "color", default: "", label: "Color", topic: "color", listed: true, ...look, description: 'Background: "" (none) or a hex color.' },
  textAlign: {
    type: "choice",
    values: ["left", "center", "right"],
    sqlType: '"TextAlign"',
    default: "left",
    label: "Horizontal alignment",
    topic: "alignment",
    ...look,
  },
  verticalAlign: {
    type: "choice",
    values: ["top", "middle", "bottom"],
    sqlType: '"VerticalAlign"',
    default: "top",
    label: "Vertical alignment",
    topic: "alignment",
    ...look,
  },
  fontSize: {
    type: "choice",
    values: FONT_SIZES,
    sqlType: "text",
    default: "text-sm",
    label: "Font size",
    topic: "font size",
    valueLabels: {
      "text-xs": "Extra small",
      "text-sm": "Small",
      "text-base": "Medium",
      "text-lg": "Large",
      "text-xl": "Extra large",
      ...Object.fromEntries(FONT_SIZES.slice(5).map((size) => [size, size.replace("text-", "").toUpperCase()])),
    },
    ...look,
  },
  bold: { ...flag, label: "Bold", topic: "text style" },
  italic: { ...flag, label: "Italic", topic: "text style" },
  underline: { ...flag, label: "Underline", topic: "text style" },
  borderRadius: { type: "int", min: 0, max: 24, default: 8, label: "Corner radius", topic: "corners", listed: true, ...look },
  borderSize: { type: "int", min: 0, max: 8, default: 1, label: "Border", topic: "border", listed: true, ...look },
  cellOpacity: { type: "int", min: 0, max: 100, default: 100, label: "Opacity", topic: "opacity", listed: true, ...look },
  locked: {
    ...flag,
    label: "Locked",
    topic: "lock",
    change: "lock",
    description:
      'A locked card stays put on the board: no drag, resize, typing or delete until it is unlocked. The API still writes it (docs/API.md, "Cards").',
  },
  attachments: {
    type: "files",
    max: MAX_ATTACHMENTS_BOUND,
    label: "Attachments",
    topic: "attachments",
    change: "look",
    // A list of files, which a spreadsheet cell cannot hold; the files belong to the copied card's snap.
    csv: false,
    copied: false,
    description:
      "Ids of files of the card's snap (POST /api/snaps/:id/files), in the order shown; the whole list replaces the card's. At most CARD_MAX_ATTACHMENTS (default 20), each once.",
  },
} as const satisfies Record<string, CardFieldSpec>;

export type CardFieldName = keyof typeof CARD_FIELDS;
type Fields = typeof CARD_FIELDS;

/** The fields with a default: every field but the position (which a new card must give) and its files (a list, [] by default). */
export type DefaultedField = { [K in CardFieldName]: Fields[K] extends { default: unknown } ? K : never }[CardFieldName];
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;
type DefaultOf<K extends DefaultedField> = Fields[K] extends { type: "choice"; values: readonly (infer V)[] } ? V : Widen<Fields[K]["default"]>;

export const CARD_FIELD_NAMES = Object.keys(CARD_FIELDS) as CardFieldName[];

/** A field's spec, for code that reads any field (the table's literal types are for the typed derivations). */
export function cardFieldSpec(name: CardFieldName): CardFieldSpec {
  return CARD_FIELDS[name];
}

/**
 * A new card's fields where a request leaves them out: the API, the export document, the board's
 * blank card and the database (schema.prisma's @defaults, which tests/unit/card-defaults.test.ts
 * holds equal to these).
 */
export const CARD_DEFAULTS = Object.fromEntries(
  CARD_FIELD_NAMES.flatMap((name) => {
    const spec = cardFieldSpec(name);
    return "default" in spec && spec.default !== undefined ? [[name, spec.default]] : [];
  }),
) as { readonly [K in DefaultedField]: DefaultOf<K> };

/** The SQL type of a field's column, for raw statements that read cards out of JSON (jsonb_to_recordset). */
export function cardColumnType(name: CardFieldName): string {
  const spec = cardFieldSpec(name);
  switch (spec.type) {
    case "int":
      return "int";
    case "boolean":
      return "boolean";
    case "choice":
      return spec.sqlType;
    case "files":
      return "jsonb";
    default:
      return "text";
  }
}

/** Whether `value` is a valid value of the field, as the API's schema would take it (card-schemas.ts builds that from this table). */
export function isCardFieldValue(name: CardFieldName, value: unknown): boolean {
  const spec = cardFieldSpec(name);
  switch (spec.type) {
    case "text":
      return typeof value === "string" && value.length <= spec.maxLength;
    case "int":
      return Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max;
    case "boolean":
      return typeof value === "boolean";
    case "choice":
      return (spec.values as readonly unknown[]).includes(value);
    case "color":
      return value === "" || (typeof value === "string" && HEX_COLOR_PATTERN.test(value));
    case "cardType":
      return typeof value === "string" && CARD_TYPE_PATTERN.test(value);
    case "files":
      return Array.isArray(value) && value.length <= spec.max && value.every((id) => typeof id === "string" && id.length >= 1 && id.length <= 64);
  }
}

/**
 * A field of a card read from anywhere (a pasted clipboard): the value when valid, a text cut to its
 * bound, else the field's default (a position: its least).
 */
export function readCardFieldValue(name: CardFieldName, value: unknown): unknown {
  const spec = cardFieldSpec(name);
  if (spec.type === "text" && typeof value === "string") return value.slice(0, spec.maxLength);
  if (isCardFieldValue(name, value)) return value;
  if (spec.type === "files") return [];
  if (spec.type === "int" && spec.default === undefined) return spec.min;
  return spec.default;
}

/** A choice's value as the inspector names it: its label, else the value. */
export function cardFieldValueLabel(name: CardFieldName, value: string): string {
  const spec = cardFieldSpec(name);
  const labels = spec.type === "choice" ? spec.valueLabels : undefined;
  return labels?.[value] ?? value;
}

/** The fields with the given `change`: how history reads a change of only these. */
export function cardFieldsOfChange(change: CardFieldChange): ReadonlySet<string> {
  return new Set(CARD_FIELD_NAMES.filter((name) => CARD_FIELDS[name].change === change));
}

/** The part of the card a field is, in a sentence ("position", "text style"); the name itself for any other. */
export function cardFieldTopic(name: string): string {
  return name in CARD_FIELDS ? CARD_FIELDS[name as CardFieldName].topic : name;
}
