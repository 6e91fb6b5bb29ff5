import type { CardUpdate } from "./card-schemas";

/**
 * The SQL type of every writable card column, for raw statements that read cards out of a JSON
 * parameter (jsonb_to_recordset). `satisfies` keeps it in step with the zod schema.
 */
export const CARD_COLUMN_TYPES = {
  title: "text",
  row: "int",
  col: "int",
  rowSpan: "int",
  colSpan: "int",
  color: "text",
  cellType: "text",
  completed: "boolean",
  note: "text",
  textAlign: '"TextAlign"',
  verticalAlign: '"VerticalAlign"',
  fontSize: "text",
  bold: "boolean",
  italic: "boolean",
  underline: "boolean",
  borderRadius: "int",
  borderSize: "int",
  cellOpacity: "int",
  locked: "boolean",
  attachments: "jsonb",
} as const satisfies Record<keyof CardUpdate, string>;

export type CardColumn = keyof typeof CARD_COLUMN_TYPES;
