import "server-only";
import { unlink } from "node:fs/promises";
import type { z } from "zod";
import type yauzl from "yauzl";
import type { ReceivedUpload } from "@/lib/files/receive-upload";
import type { Principal } from "@/lib/request/principal";
import type { SnapDocument } from "../../transfer-schemas";
import { checkedEntries, openZip, type ZipRules } from "../../checked-zip";
import type { xlsxImportQuerySchema } from "../format-schemas";
import { FORMAT_LIMITS } from "../format-limits";
import { gridDocument } from "../grid-cells";
import { fileStem, receiveWithin } from "../import-csv";
import { importOrCheckBoard } from "../import-or-check-board";
import { readSharedStrings, readSheet } from "./read-sheet";
import { chooseSheet, readRelationships, readWorkbook, readWorkbookTitle } from "./read-workbook";
import { sheetToBoard } from "./sheet-to-board";
import { themeIndexOrder } from "./xlsx-colors";
import { readStyles, readThemeColors } from "./xlsx-styles";

/** A workbook's entries: any name (names are only ever looked up, never used as paths), each within a part's bound. */
const WORKBOOK_RULES: ZipRules = {
  what: "workbook",
  maxEntries: FORMAT_LIMITS.xlsxEntries,
  unpackedBytes: FORMAT_LIMITS.xlsxUnpackedBytes,
  entryLimit: (name) => (name.endsWith("/") ? "skip" : name.length <= 500 ? FORMAT_LIMITS.xlsxPartBytes : null),
  unexpected: "an entry's name is longer than 500 characters",
};

/**
 * POST /api/snaps/import/xlsx: one sheet of an .xlsx workbook as a new snap. The body goes to a
 * temporary file, its zip directory is checked as a .snap.zip's is (entries, sizes, ratio) before
 * any part is unpacked, then the parts are read as they unpack (lib/transfer/formats/xlsx/):
 * workbook and relationships, theme, styles, the sheet (stopping at the first cell past a bound),
 * and only the shared strings that sheet names.
 */
export async function importXlsx(
  principal: Principal,
  receive: (dir: string, maxBytes: number) => Promise<ReceivedUpload>,
  query: z.output<typeof xlsxImportQuerySchema>,
) {
  const received = await receiveWithin(receive, FORMAT_LIMITS.xlsxBytes, "An .xlsx workbook");
  try {
    const document = await readXlsxDocument(received.path, { name: received.name, sheet: query.sheet, title: query.title });
    return await importOrCheckBoard(principal, document, query);
  } finally {
    await unlink(received.path).catch(() => {});
  }
}

/** A workbook file's sheet as an export document (held to the API's bounds by gridDocument). */
export async function readXlsxDocument(
  file: string,
  { name, sheet: wantedSheet, title }: { name: string; sheet?: string; title?: string },
): Promise<SnapDocument> {
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await openZip(file, "workbook (.xlsx)");
    const entries = await checkedEntries(zip, WORKBOOK_RULES);
    const workbook = await readWorkbook(zip, entries);
    const sheet = chooseSheet(workbook.sheets, wantedSheet);
    const workbookRelations = await readRelationships(zip, entries, "xl/workbook.xml");
    const partOfType = (type: string) => [...workbookRelations.values()].find((relation) => relation.target.endsWith(type))?.target;
    const theme = themeIndexOrder(await readThemeColors(zip, entries.get(partOfType("theme1.xml") ?? "xl/theme/theme1.xml")?.entry));
    const styles = await readStyles(zip, entries.get(partOfType("styles.xml") ?? "xl/styles.xml")?.entry, theme);
    const raw = await readSheet(zip, entries.get(sheet.part)!.entry, (style) => Boolean(styles[style]?.fill));
    const wanted = new Set(raw.cells.filter((cell) => cell.type === "s").map((cell) => Number(cell.value)));
    const strings = await readSharedStrings(zip, entries.get(partOfType("sharedStrings.xml") ?? "xl/sharedStrings.xml")?.entry, wanted);
    const sheetRelations = raw.hyperlinks.length > 0 ? await readRelationships(zip, entries, sheet.part) : new Map();
    // The title asked for, else the workbook's own, the file's name, the sheet's.
    const named = title ?? (await readWorkbookTitle(zip, entries)) ?? (name === "upload" ? sheet.name : fileStem(name, sheet.name));
    const board = sheetToBoard(named, raw, {
      styles,
      date1904: workbook.date1904,
      sharedString: (index) => strings.get(index),
      linkTarget: (id) => {
        const relation = sheetRelations.get(id);
        return relation?.external ? relation.target : undefined;
      },
    });
    return gridDocument(board);
  } finally {
    zip?.close();
  }
}
