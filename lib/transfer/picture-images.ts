import "server-only";
import type { Readable } from "node:stream";
import { fileObjectKey } from "@/lib/files/file-storage";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import { DISPLAY_MAX_PIXELS, loadSharp, THUMB_MAX_PIXELS } from "@/lib/files/process-image";
import type { SnapFileRow } from "./file-references";
import { pictureLayout } from "./render-snap-svg";
import type { SnapDocument } from "./transfer-schemas";

/**
 * What one picture embeds at most (docs/EXPORT-IMPORT.md, "Pictures"): past any of these, the
 * remaining image cards are drawn as placeholders, as before. Bytes are the embedded images'
 * (base64 adds a third in the SVG); pixels are what the PNG renderer decodes them to (4 bytes
 * each, outside the render worker's heap), on top of the picture's own raster.
 */
export const PICTURE_IMAGE_LIMITS = { images: 200, bytes: 8_000_000, pixels: 24_000_000, milliseconds: 10_000 } as const;

/** An image card whose title is exactly an uploaded file's address (a rendition's too). */
const FILE_ADDRESS = /^\/api\/files\/([a-z0-9]{8,64})(?:\?size=(?:thumb|display))?$/;

/**
 * The uploaded images a picture of the document draws, as data: URIs by card key: for each image
 * card whose title is the address of a processed image of the snap (`files`, found for a caller
 * who may read the snap), its thumbnail or display rendition read from the storage, resized to
 * the card at `scale` (cover, as the board shows it) and encoded as JPEG (PNG when it has
 * transparency: the renderer reads no WebP). Within PICTURE_IMAGE_LIMITS, in reading order; an
 * image that cannot be read is a placeholder. External addresses are never fetched.
 */
export async function loadPictureImages(document: SnapDocument, files: readonly SnapFileRow[], scale = 1): Promise<Map<string, string>> {
  const images = new Map<string, string>();
  const byId = new Map(files.filter((file) => file.renditions).map((file) => [file.id, file]));
  if (byId.size === 0) return images;
  const { boxOf } = pictureLayout(document);
  const deadline = Date.now() + PICTURE_IMAGE_LIMITS.milliseconds;
  let bytes = 0;
  let pixels = 0;
  for (const card of document.cards) {
    if (card.cellType !== "image") continue;
    const file = byId.get(FILE_ADDRESS.exec(card.title.trim())?.[1] ?? "");
    if (!file) continue;
    if (images.size >= PICTURE_IMAGE_LIMITS.images || Date.now() >= deadline) break;
    const box = boxOf(card);
    const width = Math.max(1, Math.ceil(box.width * scale));
    const height = Math.max(1, Math.ceil(box.height * scale));
    const variant = Math.max(width, height) <= THUMB_MAX_PIXELS ? "thumb" : "display";
    const image = await withDeadline(renderImage(file, variant, width, height), deadline - Date.now()).catch(() => null);
    if (!image) continue;
    if (bytes + image.data.length > PICTURE_IMAGE_LIMITS.bytes || pixels + image.pixels > PICTURE_IMAGE_LIMITS.pixels) break;
    bytes += image.data.length;
    pixels += image.pixels;
    images.set(card.key, `data:${image.type};base64,${image.data.toString("base64")}`);
  }
  return images;
}

async function renderImage(file: SnapFileRow, variant: "thumb" | "display", width: number, height: number) {
  const stored = variant === "thumb" ? file.thumbSize : file.displaySize;
  const stream = await fileStorage().get(fileObjectKey(file.objectId, variant));
  if (!stream || stored === null) return null;
  const source = await readAll(stream, stored);
  const sharp = await loadSharp();
  const resized = sharp(source, { limitInputPixels: DISPLAY_MAX_PIXELS * DISPLAY_MAX_PIXELS, failOn: "error" }).resize({
    width,
    height,
    fit: "cover",
    withoutEnlargement: true,
  });
  const { hasAlpha } = await resized.metadata();
  const encoded = hasAlpha ? resized.png({ compressionLevel: 6 }) : resized.jpeg({ quality: 82 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, type: hasAlpha ? "image/png" : "image/jpeg", pixels: info.width * info.height };
}

/** The stream's bytes, at most `limit` of them (the rendition's stored size): more is an error. */
async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new Error("rendition larger than recorded");
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function withDeadline<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("past the picture's deadline")), Math.max(0, milliseconds));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
