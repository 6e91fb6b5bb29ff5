import "server-only";
import { open } from "node:fs/promises";
import { fileTypeFromFile } from "file-type";

import { PROCESSED_IMAGE_TYPES, type ProcessedImageType } from "./viewable-file";

export { PROCESSED_IMAGE_TYPES, type ProcessedImageType };

export type FileIdentity = { kind: "image"; contentType: ProcessedImageType } | { kind: "other"; contentType: string };

const TEXT_PROBE_BYTES = 4096;

/**
 * What a file is, from its bytes alone (`file-type`'s signatures), never from its name or the
 * type the client declared: an HTML page named photo.png is text here. SVG is recognised only to
 * be kept as a download (docs/SECURITY.md, "Uploaded files").
 */
export async function identifyFile(filePath: string): Promise<FileIdentity> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    const mime = detected.mime as string;
    if ((PROCESSED_IMAGE_TYPES as readonly string[]).includes(mime)) return { kind: "image", contentType: mime as ProcessedImageType };
    return { kind: "other", contentType: mime };
  }
  const head = await readHead(filePath);
  if (!isText(head)) return { kind: "other", contentType: "application/octet-stream" };
  const text = head
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return { kind: "other", contentType: "image/svg+xml" };
  return { kind: "other", contentType: "text/plain; charset=utf-8" };
}

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, "r");
  try {
    const buffer = Buffer.alloc(TEXT_PROBE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_PROBE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** UTF-8 without NUL bytes (a multi-byte character cut at the probe's end is allowed). */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}
