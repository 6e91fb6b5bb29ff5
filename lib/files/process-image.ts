import "server-only";
import type { Sharp } from "sharp";
import { ApiError } from "@/lib/errors/api-error";
import type { ProcessedImageType } from "./identify-file";

/** The display rendition's longest side, and the thumbnail's (docs/API.md, "Files"). */
export const DISPLAY_MAX_PIXELS = 2048;
export const THUMB_MAX_PIXELS = 400;

export interface ProcessedImage {
  /** The original as stored: upright, its metadata (EXIF, GPS, XMP, comments) gone. */
  original: string;
  display: string;
  thumb: string;
  width: number;
  height: number;
}

type SharpModule = (typeof import("sharp"))["default"];
let sharpModule: Promise<SharpModule> | undefined;

/** sharp (and libvips) loaded on the first image, not at start (docs/PERFORMANCE.md, "Files"). */
export function loadSharp(): Promise<SharpModule> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    // No cache of decoded images between uploads; one libvips thread per image, so that a burst
    // of uploads leaves the requests a core.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

const ANIMATED: ReadonlySet<ProcessedImageType> = new Set(["image/gif", "image/webp"]);

/**
 * Decodes an uploaded image with a pixel limit (a decompression bomb is refused from its header,
 * before any decoding: 413), turns it upright, and writes three files beside `source` with no
 * metadata: the original re-encoded in its own format, a display rendition (WebP, at most 2,048 px
 * a side) and a thumbnail (WebP, 400 px). Anything libvips cannot decode is a 400. `chargePixels`,
 * when given, is told the pixels from the header before any decoding and may refuse them (an
 * import's bound in all). One rendition after another, the thumbnail made from the display one:
 * one core busy per image, not three, and one full decode fewer (docs/SECURITY.md, "Large bodies").
 */
export async function processImage(
  source: string,
  contentType: ProcessedImageType,
  maxPixels: number,
  chargePixels?: (pixels: number) => void,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const animated = ANIMATED.has(contentType);
  const options = { limitInputPixels: maxPixels, animated, failOn: "error" as const };
  let metadata;
  try {
    metadata = await sharp(source, options).metadata();
  } catch (error) {
    throw /pixel limit/i.test(String((error as Error).message)) ? tooManyPixels(maxPixels) : notAnImage();
  }
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const width = metadata.width ?? 0;
  const frames = metadata.pages ?? 1;
  const pixels = width * frameHeight * (animated ? frames : 1);
  if (pixels > maxPixels) throw tooManyPixels(maxPixels);
  chargePixels?.(pixels);
  const turned = (metadata.orientation ?? 1) >= 5;
  const base = sharp(source, options).autoOrient();
  const out = (name: string) => `${source}.${name}`;
  const fit = (pixels: number) => ({ width: pixels, height: pixels, fit: "inside" as const, withoutEnlargement: true });
  const result = { original: out("original"), display: out("display"), thumb: out("thumb") };
  try {
    await reencode(base.clone(), contentType).toFile(result.original);
    await base.clone().resize(fit(DISPLAY_MAX_PIXELS)).webp({ quality: 82 }).toFile(result.display);
    await sharp(result.display, { animated, failOn: "error" }).resize(fit(THUMB_MAX_PIXELS)).webp({ quality: 75 }).toFile(result.thumb);
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw tooManyPixels(maxPixels);
    throw notAnImage();
  }
  return { ...result, width: turned ? frameHeight : width, height: turned ? width : frameHeight };
}

/** The original's own format; sharp writes no metadata unless asked to. */
function reencode(image: Sharp, contentType: ProcessedImageType): Sharp {
  switch (contentType) {
    case "image/png":
      return image.png();
    case "image/jpeg":
      return image.jpeg({ quality: 90, mozjpeg: true });
    case "image/webp":
      return image.webp({ quality: 90 });
    case "image/gif":
      return image.gif();
    case "image/avif":
      return image.avif({ quality: 70, effort: 2 });
  }
}

function tooManyPixels(maxPixels: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `An image may have at most ${maxPixels.toLocaleString("en")} pixels (FILE_MAX_IMAGE_PIXELS)`, [
    { path: "file", message: "Too many pixels" },
  ]);
}

function notAnImage(): ApiError {
  return new ApiError("BAD_REQUEST", "The image could not be read: it is damaged or not what its first bytes say", [
    { path: "file", message: "Unreadable image" },
  ]);
}
