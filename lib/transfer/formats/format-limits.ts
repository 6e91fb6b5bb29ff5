import { MAX_CARD_TEXT } from "@/lib/board-model/card-fields";
import { MAX_GRID_INDEX } from "@/lib/board-model/card-constants";
import { MAX_DOCUMENT_CARDS } from "../transfer-constants";

/**
 * The bounds of the CSV, Trello and .xlsx imports (docs/EXPORT-IMPORT.md, "Other formats"), all
 * checked before or while a file is read, never after: the bytes sent, the cells or cards made (a
 * board's card limit), the grid a card may reach, and a cell's text.
 */
export const FORMAT_LIMITS = {
  /** A CSV or TSV file, as the JSON import's document. */
  csvBytes: 8_000_000,
  /** A Trello board export: its actions (comments and every change) make it larger than the board. */
  trelloBytes: 20_000_000,
  /** An .xlsx workbook as sent (a zip). */
  xlsxBytes: 20_000_000,
  /** A workbook's parts together, unpacked (the archive import's checks, with these sizes). */
  xlsxUnpackedBytes: 100_000_000,
  /** One part of a workbook unpacked: a sheet's XML, the shared strings, the styles. */
  xlsxPartBytes: 50_000_000,
  /** A workbook's entries (sheets, their relations, styles, themes, pictures). */
  xlsxEntries: 2_000,
  /** Cards an import makes at most: the export document's limit. */
  cards: MAX_DOCUMENT_CARDS,
  /** Rows and columns a cell may be in (from 0): a card's own bounds. */
  gridIndex: MAX_GRID_INDEX,
  /** A cell's text: a card's. Longer text is cut there. */
  cellText: MAX_CARD_TEXT,
} as const;
