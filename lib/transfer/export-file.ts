import { withFileList, type SnapFileRow } from "./file-references";
import { snapDocumentPieces } from "./format-snap-document";
import { loadPictureImages } from "./picture-images";
import { assertPngFits, renderSnapPng } from "./render-snap-png";
import { pictureLayout, renderSnapSvg } from "./render-snap-svg";
import { cardsCsvPieces } from "./to-cards-csv";
import { gridCsvPieces } from "./to-grid-csv";
import type { ExportFormat, SnapDocument } from "./transfer-schemas";

export interface ExportFile {
  body: string | Uint8Array;
  contentType: string;
  filename: string;
}

/** A text format's file as pieces made when taken (textStream sends them), so a download never holds its whole text. */
export interface TextExport {
  pieces: Iterable<string>;
  contentType: string;
  filename: string;
}

/** A file name from the title: lowercase words joined by hyphens, "snap" when nothing is left. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "snap";
}

/**
 * The export in one of its formats, with its media type and download name (a PNG renders in a
 * worker, for `userId`). `files` are the snap's uploaded files its cards show (exportSnap): the
 * JSON lists them as left out, the pictures draw the images.
 */
export async function exportFile(
  document: SnapDocument,
  format: ExportFormat,
  scale = 1,
  userId = "",
  files: readonly SnapFileRow[] = [],
): Promise<ExportFile> {
  const text = textExport(document, format, files);
  if (text) return { body: Array.from(text.pieces).join(""), contentType: text.contentType, filename: text.filename };
  const slug = fileSlug(document.snap.title);
  if (format === "svg") {
    return {
      body: renderSnapSvg(document, await loadPictureImages(document, files)).svg,
      contentType: "image/svg+xml; charset=utf-8",
      filename: `${slug}.svg`,
    };
  }
  const { width, height } = pictureLayout(document);
  assertPngFits(width, height, scale);
  return {
    body: new Uint8Array(await renderSnapPng(renderSnapSvg(document, await loadPictureImages(document, files, scale)), scale, userId)),
    contentType: "image/png",
    filename: `${slug}.png`,
  };
}

/** The JSON document and the CSVs as pieces of text; null for the pictures (svg, png) and zip. */
export function textExport(document: SnapDocument, format: ExportFormat, files: readonly SnapFileRow[] = []): TextExport | null {
  const slug = fileSlug(document.snap.title);
  switch (format) {
    case "json":
      return {
        pieces: snapDocumentPieces(withFileList(document, files, false)),
        contentType: "application/json; charset=utf-8",
        filename: `${slug}.snap.json`,
      };
    case "csv":
      return { pieces: cardsCsvPieces(document), contentType: "text/csv; charset=utf-8", filename: `${slug}.csv` };
    case "csv-grid":
      return { pieces: gridCsvPieces(document, files), contentType: "text/csv; charset=utf-8", filename: `${slug}.grid.csv` };
    default:
      return null;
  }
}
