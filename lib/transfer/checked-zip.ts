import "server-only";
import { createWriteStream } from "node:fs";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { ApiError } from "@/lib/errors/api-error";
import { ARCHIVE_LIMITS } from "./transfer-constants";

export const zipError = (message: string, path = "(archive)") => new ApiError("BAD_REQUEST", message, [{ path, message }]);

export function tooLarge(message: string, path = "(archive)"): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", message, [{ path, message }]);
}

export interface ArchiveEntry {
  name: string;
  entry: yauzl.Entry;
}

/**
 * What an uploaded zip may hold (a .snap.zip, an .xlsx workbook), checked from its central
 * directory before any entry is unpacked (docs/EXPORT-IMPORT.md, "Bounds of an imported archive").
 */
export interface ZipRules {
  /** The archive as messages name it: ".snap.zip", "workbook". */
  what: string;
  maxEntries: number;
  unpackedBytes: number;
  /** The most an entry of this name may unpack to; null for a name the archive may not hold (400), "skip" for one passed over (a folder). */
  entryLimit: (name: string) => number | null | "skip";
  /** Says what the archive holds, after "Unexpected entry …:". */
  unexpected: string;
}

export function openZip(file: string, what: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // yauzl itself refuses absolute names, `..` and backslashes, and (validateEntrySizes) an
    // entry whose bytes are not the size its header declares.
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true, decodeStrings: true }, (error, zip) =>
      error || !zip ? reject(zipError(`Not a readable ${what} (${error?.message ?? "no archive"})`)) : resolve(zip),
    );
  });
}

/**
 * Every entry from the archive's directory, checked before any is unpacked: how many, their
 * names, each one's size and compression ratio, and the total they unpack to.
 */
export function checkedEntries(zip: yauzl.ZipFile, rules: ZipRules): Promise<Map<string, ArchiveEntry>> {
  if (zip.entryCount > rules.maxEntries) {
    return Promise.reject(
      zipError(`A ${rules.what} may hold at most ${rules.maxEntries.toLocaleString("en")} entries; this one holds ${zip.entryCount.toLocaleString("en")}`),
    );
  }
  return new Promise((resolve, reject) => {
    const entries = new Map<string, ArchiveEntry>();
    let unpacked = 0;
    const fail = (error: unknown) => {
      zip.removeAllListeners();
      zip.on("error", () => {});
      reject(error);
    };
    zip.on("error", (error: Error) => fail(zipError(`Not a readable ${rules.what} (${error.message})`)));
    zip.on("end", () => resolve(entries));
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = entry.fileName;
      const limit = rules.entryLimit(name);
      if (limit === "skip") return zip.readEntry();
      if (limit === null) return fail(zipError(`Unexpected entry "${name.slice(0, 200)}": ${rules.unexpected}`, name.slice(0, 200)));
      if (entries.has(name)) return fail(zipError(`The entry ${name} appears twice`, name));
      if (entry.isEncrypted()) return fail(zipError(`The entry ${name} is encrypted`, name));
      if (entry.uncompressedSize > limit) {
        return fail(
          tooLarge(
            `The entry ${name} unpacks to ${entry.uncompressedSize.toLocaleString("en")} bytes; at most ${limit.toLocaleString("en")} are allowed`,
            name,
          ),
        );
      }
      unpacked += entry.uncompressedSize;
      if (unpacked > rules.unpackedBytes) {
        return fail(
          tooLarge(`The ${rules.what === ".snap.zip" ? "archive" : rules.what} unpacks to more than ${rules.unpackedBytes.toLocaleString("en")} bytes`),
        );
      }
      if (entry.uncompressedSize > ARCHIVE_LIMITS.ratioFromBytes && entry.uncompressedSize > entry.compressedSize * ARCHIVE_LIMITS.ratio) {
        return fail(zipError(`The entry ${name} expands more than ${ARCHIVE_LIMITS.ratio} times its compressed size: refused as a zip bomb`, name));
      }
      entries.set(name, { name, entry });
      zip.readEntry();
    });
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(zipError(`The entry ${entry.fileName} cannot be read (${error?.message ?? "no data"})`, entry.fileName)) : resolve(stream),
    ),
  );
}

/** An entry's bytes through a counter: more than `limit` (whatever the header said) stops with a 413. */
function limiter(name: string, limit: number): Transform & { count: () => number } {
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > limit ? tooLarge(`The entry ${name} unpacks to more than ${limit.toLocaleString("en")} bytes`, name) : null, chunk);
    },
  });
  return Object.assign(transform, { count: () => size });
}

export async function extractEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, target: string, limit: number): Promise<number> {
  const stream = await openEntry(zip, entry);
  const counter = limiter(entry.fileName, limit);
  try {
    await pipeline(stream, counter, createWriteStream(target));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw zipError(`The entry ${entry.fileName} cannot be read (${(error as Error).message})`, entry.fileName);
  }
  if (counter.count() === 0) throw zipError(`The entry ${entry.fileName} is empty`, entry.fileName);
  return counter.count();
}

/**
 * An entry's bytes piece by piece as they unpack, counted against `limit` (413 past it whatever
 * the header said): a reader that parses as it goes (a sheet's XML) never holds the whole entry.
 */
export async function readEntryPieces(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number, take: (piece: Buffer) => void): Promise<void> {
  const stream = await openEntry(zip, entry);
  const counter = limiter(entry.fileName, limit);
  try {
    await pipeline(stream, counter, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) take(chunk);
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw zipError(`The entry ${entry.fileName} cannot be read (${(error as Error).message})`, entry.fileName);
  }
}

export async function readEntryText(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  await readEntryPieces(zip, entry, limit, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
