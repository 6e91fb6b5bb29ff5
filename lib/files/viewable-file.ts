/** The image formats the upload decodes and re-encodes (lib/files/process-image.ts): each has a display rendition. */
export const PROCESSED_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"] as const;
export type ProcessedImageType = (typeof PROCESSED_IMAGE_TYPES)[number];

/**
 * How the app's file viewer shows a file of this type, or null for a download only: a processed
 * image at its display rendition, a PDF framed from ?view=1. SVG and everything else stay downloads
 * (docs/SECURITY.md, "Uploaded files").
 */
export function viewerKind(contentType: string): "image" | "pdf" | null {
  if ((PROCESSED_IMAGE_TYPES as readonly string[]).includes(contentType)) return "image";
  return contentType === "application/pdf" ? "pdf" : null;
}
