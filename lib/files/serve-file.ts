import "server-only";
import { Readable } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";
import { contentDisposition } from "./content-disposition";
import type { FileReadQuery } from "./file-schemas";
import { fileObjectKey, type FileVariant } from "./file-storage";
import { fileStorage } from "./file-storage-from-config";
import { parseRange } from "./parse-range";
import { findReadableFile } from "./read-file-access";

const PDF_CONTENT_TYPE = "application/pdf";

/** The content never changes at a file's URL (a new upload is a new id): caches may keep it a year. */
const CACHE_CONTROL = "private, max-age=31536000, immutable";

/**
 * GET /api/files/:id: the file or one of its renditions, streamed from the storage, with the
 * headers that keep an upload from ever running as a page of our origin (docs/SECURITY.md,
 * "Uploaded files"): nosniff, attachment for anything but a processed image (and a PDF asked for with
 * ?view=1), and (next.config.mjs) a sandboxing CSP.
 */
export async function serveFile(request: Request, fileId: string, query: FileReadQuery): Promise<Response> {
  const file = await findReadableFile(request, fileId, query.share);
  const variant: FileVariant = query.size ?? "original";
  // Only a PDF is ever framed unsandboxed (next.config.mjs gives ?view=1 its own policy): Chrome's
  // viewer refuses a sandboxed document, and runs a PDF's script in its own process, never in this
  // origin; the type is the bytes' (docs/SECURITY.md, "Uploaded files").
  if (query.view && (file.contentType !== PDF_CONTENT_TYPE || query.size || query.download)) {
    throw new ApiError("BAD_REQUEST", "view=1 is for a PDF's original only", [
      { path: "view", message: "Only a PDF opens in the viewer; download anything else" },
    ]);
  }
  if (variant !== "original" && !file.renditions) throw new ApiError("NOT_FOUND", `This file has no ${variant} rendition: only processed images have one`);
  const size = variant === "display" ? file.displaySize! : variant === "thumb" ? file.thumbSize! : file.size;
  const contentType = variant === "original" ? file.contentType : "image/webp";
  const etag = `"${file.sha256}${variant === "original" ? "" : `.${variant}`}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": CACHE_CONTROL,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    // next.config.mjs sets it for every /api/files answer (a route's own would be overwritten).
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Disposition": contentDisposition((file.renditions || query.view) && !query.download ? "inline" : "attachment", file.name),
  });
  if (matchesETag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = await fileStorage().get(fileObjectKey(file.objectId, variant), range ?? undefined);
  if (!body) throw new ApiError("NOT_FOUND", "The file's content is missing from the storage");
  headers.set("Content-Type", contentType);
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
  } else {
    headers.set("Content-Length", String(size));
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: range ? 206 : 200, headers });
}

function matchesETag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
