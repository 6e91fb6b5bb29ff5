import { CARD_FIELD_NAMES, cardColumnType, type CardFieldName } from "./card-fields";

/**
 * The SQL type of every writable card column, for raw statements that read cards out of a JSON
 * parameter (jsonb_to_recordset), in the card field table's order (card-fields.ts).
 */
export const CARD_COLUMN_TYPES = Object.fromEntries(CARD_FIELD_NAMES.map((name) => [name, cardColumnType(name)])) as Readonly<Record<CardFieldName, string>>;

export type CardColumn = CardFieldName;
