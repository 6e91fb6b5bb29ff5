import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import type { Principal } from "@/lib/request/principal";
import { importOrCheckSnap } from "../import-or-check-snap";
import { parseSnapDocument } from "../parse-snap-document";
import type { importToolArgsSchema } from "../transfer-schemas";
import { FORMAT_LIMITS } from "./format-limits";
import { csvDocument } from "./import-csv";
import { importOrCheckBoard } from "./import-or-check-board";
import { importTrello } from "./import-trello";
import { parseTrelloBoard } from "./trello-schemas";
import { readXlsxDocument } from "./xlsx/import-xlsx";

const missing = (field: string, format: string) =>
  new ApiError("BAD_REQUEST", `format ${format} takes \`${field}\``, [{ path: field, message: `Required for format ${format}` }]);

/** The MCP tool import_snap: an export document, or a CSV, TSV, Trello export or workbook, by the same lib functions as the routes. */
export async function runImportTool(principal: Principal, args: z.output<typeof importToolArgsSchema>) {
  const { format, content, dryRun } = args;
  if (format === "snap") {
    if (!args.document) throw missing("document", format);
    return importOrCheckSnap(principal, parseSnapDocument(args.document), { dryRun });
  }
  if (content === undefined) throw missing("content", format);
  const tooLarge = (limit: number) =>
    new ApiError("PAYLOAD_TOO_LARGE", `content: at most ${limit.toLocaleString("en")} bytes for format ${format}`, [{ path: "content", message: "Too large" }]);
  if (format === "csv" || format === "tsv") {
    if (Buffer.byteLength(content) > FORMAT_LIMITS.csvBytes) throw tooLarge(FORMAT_LIMITS.csvBytes);
    const document = csvDocument(content, { name: "upload", delimiter: format === "tsv" ? "tab" : undefined, title: args.title });
    return importOrCheckBoard(principal, document, { dryRun });
  }
  if (format === "trello") {
    if (Buffer.byteLength(content) > FORMAT_LIMITS.trelloBytes) throw tooLarge(FORMAT_LIMITS.trelloBytes);
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new ApiError("BAD_REQUEST", "content is not JSON: a Trello board export is", [{ path: "content", message: "Malformed JSON" }]);
    }
    return importTrello(principal, parseTrelloBoard(parsed), { dryRun, archived: args.archived });
  }
  const bytes = Buffer.from(content, "base64");
  if (bytes.length > FORMAT_LIMITS.xlsxBytes) throw tooLarge(FORMAT_LIMITS.xlsxBytes);
  const dir = fileStorage().incomingDir;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  await writeFile(file, bytes);
  try {
    const document = await readXlsxDocument(file, { name: "upload", sheet: args.sheet, title: args.title });
    return await importOrCheckBoard(principal, document, { dryRun });
  } finally {
    await unlink(file).catch(() => {});
  }
}
