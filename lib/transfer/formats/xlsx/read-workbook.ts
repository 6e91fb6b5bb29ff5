import "server-only";
import path from "node:path";
import type yauzl from "yauzl";
import { ApiError } from "@/lib/errors/api-error";
import type { ArchiveEntry } from "../../checked-zip";
import { FORMAT_LIMITS } from "../format-limits";
import { attribute, readXml } from "./xml-reader";

export interface WorkbookSheet {
  name: string;
  /** The sheet's part, e.g. xl/worksheets/sheet1.xml. */
  part: string;
}

export interface WorkbookInfo {
  sheets: WorkbookSheet[];
  date1904: boolean;
}

const notWorkbook = (message: string) => new ApiError("BAD_REQUEST", message, [{ path: "(body)", message }]);

/** The relationships of a part (`xl/_rels/workbook.xml.rels`): id → target part, or the URL of an external target. */
export async function readRelationships(
  zip: yauzl.ZipFile,
  entries: Map<string, ArchiveEntry>,
  part: string,
): Promise<Map<string, { target: string; external: boolean }>> {
  const relations = new Map<string, { target: string; external: boolean }>();
  const entry = entries.get(path.posix.join(path.posix.dirname(part), "_rels", `${path.posix.basename(part)}.rels`));
  if (!entry) return relations;
  await readXml(zip, entry.entry, FORMAT_LIMITS.xlsxPartBytes, {
    open(name, attributes) {
      if (name !== "Relationship" || !attributes.Id || !attributes.Target) return;
      const external = attributes.TargetMode === "External";
      // Targets are relative to the part's folder, or absolute from the package's root.
      const target = external
        ? attributes.Target
        : attributes.Target.startsWith("/")
          ? attributes.Target.slice(1)
          : path.posix.normalize(path.posix.join(path.posix.dirname(part), attributes.Target));
      if (relations.size < 100_000) relations.set(attributes.Id, { target, external });
    },
  });
  return relations;
}

/** xl/workbook.xml: its sheets in order (each with its part) and its date system. */
export async function readWorkbook(zip: yauzl.ZipFile, entries: Map<string, ArchiveEntry>): Promise<WorkbookInfo> {
  const part = "xl/workbook.xml";
  const entry = entries.get(part);
  if (!entry) throw notWorkbook("Not an .xlsx workbook: it has no xl/workbook.xml (an .xls, .ods or .numbers file must be saved as .xlsx first)");
  const relations = await readRelationships(zip, entries, part);
  const sheets: WorkbookSheet[] = [];
  let date1904 = false;
  await readXml(zip, entry.entry, FORMAT_LIMITS.xlsxPartBytes, {
    open(name, attributes) {
      if (name === "workbookPr") date1904 = attributes.date1904 === "1" || attributes.date1904 === "true";
      if (name !== "sheet" || sheets.length >= 10_000) return;
      const target = relations.get(attribute(attributes, "id") ?? "");
      if (target && !target.external && entries.has(target.target)) sheets.push({ name: attributes.name ?? `Sheet${sheets.length + 1}`, part: target.target });
    },
  });
  if (sheets.length === 0) throw notWorkbook("The workbook has no worksheet to import");
  return { sheets, date1904 };
}

/** The sheet `?sheet=` names: its exact name, else a 1-based position; the first by default. */
export function chooseSheet(sheets: readonly WorkbookSheet[], wanted: string | undefined): WorkbookSheet {
  if (wanted === undefined) return sheets[0]!;
  const named = sheets.find((sheet) => sheet.name === wanted);
  if (named) return named;
  const position = /^[1-9]\d*$/.test(wanted) ? Number(wanted) : 0;
  if (position >= 1 && position <= sheets.length) return sheets[position - 1]!;
  const names = sheets
    .slice(0, 20)
    .map((sheet) => `"${sheet.name}"`)
    .join(", ");
  throw new ApiError("BAD_REQUEST", `No sheet "${wanted.slice(0, 100)}": the workbook's sheets are ${names} (or 1 to ${sheets.length})`, [
    { path: "sheet", message: `No such sheet; 1 to ${sheets.length} or a name` },
  ]);
}

/** The workbook's own title (docProps/core.xml's dc:title: the export writes the board's there), if it has one. */
export async function readWorkbookTitle(zip: yauzl.ZipFile, entries: Map<string, ArchiveEntry>): Promise<string | null> {
  const entry = entries.get("docProps/core.xml");
  if (!entry) return null;
  let inTitle = false;
  let title = "";
  await readXml(zip, entry.entry, FORMAT_LIMITS.xlsxPartBytes, {
    open: (name) => void (inTitle = name === "title"),
    text: (text) => void (inTitle && title.length < 1_000 && (title += text)),
    close: () => void (inTitle = false),
  });
  return title.trim() || null;
}
