import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "@/lib/errors/api-error";
import { cleanFileName } from "./clean-file-name";

export interface ReceivedUpload {
  /** A temporary file holding the bytes; the caller moves or deletes it. */
  path: string;
  name: string;
  size: number;
}

/** Room for a multipart body's boundaries and part headers beside the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * An upload's bytes, streamed to a temporary file in `dir` as they arrive: memory stays flat
 * whatever the size, and past `maxBytes` the upload stops with a 413 (docs/API.md, "Files").
 * multipart/form-data takes the one part named `file`; any other type is the file itself, named
 * by `name`.
 */
export async function receiveUpload(request: Request, options: { name?: string; maxBytes: number; dir: string }): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data\s*;/i.test(contentType);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > options.maxBytes + (multipart ? MULTIPART_OVERHEAD_BYTES : 0)) throw tooLarge(options.maxBytes);
  if (!request.body) throw new ApiError("BAD_REQUEST", "Send the file as the body, or as the part named file of multipart/form-data");
  await mkdir(options.dir, { recursive: true });
  const target = path.join(options.dir, randomUUID());
  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  try {
    const received = multipart
      ? await receiveMultipart(source, contentType, target, options.maxBytes)
      : { size: await saveLimited(source, target, options.maxBytes), name: options.name ?? "file" };
    if (received.size === 0) throw new ApiError("BAD_REQUEST", "The file is empty", [{ path: "file", message: "Empty" }]);
    return { path: target, name: cleanFileName(received.name), size: received.size };
  } catch (error) {
    source.destroy();
    await unlink(target).catch(() => {});
    throw error;
  }
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `A file may have at most ${maxBytes.toLocaleString("en")} bytes (FILE_MAX_BYTES)`, [
    { path: "file", message: `Larger than ${maxBytes} bytes` },
  ]);
}

/** Writes the stream to `target`, counting: past `maxBytes`, a 413 and the stream is abandoned. */
async function saveLimited(stream: Readable, target: string, maxBytes: number): Promise<number> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
  await pipeline(stream, limit, createWriteStream(target));
  return size;
}

function receiveMultipart(source: Readable, contentType: string, target: string, maxBytes: number): Promise<{ size: number; name: string }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        // One more byte than allowed, so that a file of exactly maxBytes is not taken for a cut one.
        limits: { files: 1, fileSize: maxBytes + 1, parts: 20, fields: 19, fieldSize: 4096, headerPairs: 20 },
      });
    } catch {
      reject(new ApiError("BAD_REQUEST", "Malformed multipart/form-data: a boundary is needed"));
      return;
    }
    let saving: Promise<{ size: number; name: string }> | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      reject(error);
    };
    parser.on("file", (field, stream, info) => {
      if (field !== "file" || saving) {
        stream.resume();
        return;
      }
      stream.on("limit", () => fail(tooLarge(maxBytes)));
      saving = saveLimited(stream, target, maxBytes).then((size) => ({ size, name: info.filename || "file" }));
      saving.catch(fail);
    });
    parser.on("filesLimit", () => fail(new ApiError("BAD_REQUEST", "Send one file per request", [{ path: "file", message: "More than one file" }])));
    parser.on("error", () => fail(new ApiError("BAD_REQUEST", "Malformed multipart/form-data")));
    parser.on("close", () => {
      if (!saving) fail(new ApiError("BAD_REQUEST", "multipart/form-data needs a part named file holding the file", [{ path: "file", message: "Required" }]));
      else saving.then((saved) => !settled && ((settled = true), resolve(saved)), fail);
    });
    source.on("error", () => fail(new ApiError("BAD_REQUEST", "The upload was interrupted")));
    source.pipe(parser);
  });
}
