import "server-only";
import { readFile, unlink } from "node:fs/promises";
import type { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import type { ReceivedUpload } from "@/lib/files/receive-upload";
import type { Principal } from "@/lib/request/principal";
import type { csvImportQuerySchema } from "./format-schemas";
import { FORMAT_LIMITS } from "./format-limits";
import { gridDocument } from "./grid-cells";
import { importOrCheckBoard } from "./import-or-check-board";
import type { SnapDocument } from "../transfer-schemas";
import { readDelimited, sniffDelimiter, type Delimiter } from "./read-delimited";

const DELIMITERS = { comma: ",", tab: "\t", semicolon: ";" } as const satisfies Record<string, Delimiter>;

/**
 * POST /api/snaps/import/csv: a CSV or TSV file as a new snap, a card per non-empty field at its
 * row and column. The body (raw or the multipart part `file`) is received to a temporary file
 * within FORMAT_LIMITS.csvBytes, then read as UTF-8.
 */
export async function importCsv(
  principal: Principal,
  receive: (dir: string, maxBytes: number) => Promise<ReceivedUpload>,
  contentType: string,
  query: z.output<typeof csvImportQuerySchema>,
) {
  const received = await receiveWithin(receive, FORMAT_LIMITS.csvBytes, "A CSV file");
  let text: string;
  try {
    text = await readFile(received.path, "utf8");
  } finally {
    await unlink(received.path).catch(() => {});
  }
  const document = csvDocument(text, { contentType, name: received.name, delimiter: query.delimiter, title: query.title });
  return importOrCheckBoard(principal, document, query);
}

/** A CSV or TSV text as an export document: a card per non-empty field. */
export function csvDocument(text: string, options: { contentType?: string; name: string; delimiter?: keyof typeof DELIMITERS; title?: string }): SnapDocument {
  const delimiter = options.delimiter ? DELIMITERS[options.delimiter]! : sniffDelimiter(text, options);
  const cells = readDelimited(text, delimiter).map(({ row, col, text: title }) => ({ row, col, title }));
  return gridDocument({ title: options.title ?? fileStem(options.name, "Imported CSV"), cells });
}

/** An upload to a temporary file, its 413 naming the format's own bound. */
export async function receiveWithin(
  receive: (dir: string, maxBytes: number) => Promise<ReceivedUpload>,
  maxBytes: number,
  what: string,
): Promise<ReceivedUpload> {
  try {
    return await receive(fileStorage().incomingDir, maxBytes);
  } catch (error) {
    if (error instanceof ApiError && error.code === "PAYLOAD_TOO_LARGE") {
      const message = `${what} may have at most ${maxBytes.toLocaleString("en")} bytes`;
      throw new ApiError("PAYLOAD_TOO_LARGE", message, [{ path: "(body)", message }]);
    }
    throw error;
  }
}

/** A title from an uploaded file's name: without its extension; `fallback` for the raw body's placeholder name. */
export function fileStem(name: string, fallback: string): string {
  if (name === "upload" || name === "file") return fallback;
  return name.replace(/\.(csv|tsv|txt|xlsx|json)$/i, "") || fallback;
}
