import { Readable } from "node:stream";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { exportArchive } from "@/lib/transfer/export-archive";
import { exportFile, textExport } from "@/lib/transfer/export-file";
import { exportSnap } from "@/lib/transfer/export-snap";
import { exportXlsx } from "@/lib/transfer/formats/xlsx/write-xlsx";
import { textStream } from "@/lib/http/text-stream";

/** The snap as a download: its JSON document (default), a .snap.zip with its files, an .xlsx workbook, CSV of its cards, or an SVG or PNG picture. The text formats and the zip stream. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.exportSnap, async ({ principal, params, query }) => {
    const { document, files } = await exportSnap(principal, params.id);
    const headers = (contentType: string, filename: string) => ({
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
    if (query.format === "zip" || query.format === "xlsx") {
      const archive = query.format === "zip" ? exportArchive(document, files) : await exportXlsx(document);
      return new Response(Readable.toWeb(archive.stream) as ReadableStream<Uint8Array>, { headers: headers(archive.contentType, archive.filename) });
    }
    const text = textExport(document, query.format, files);
    if (text) return new Response(textStream(text.pieces), { headers: headers(text.contentType, text.filename) });
    const file = await exportFile(document, query.format, query.scale, principal.userId, files);
    return new Response(file.body as BodyInit, { headers: headers(file.contentType, file.filename) });
  }),
);
