import type { z } from "zod";
import type { Principal } from "@/lib/request/principal";
import { withFileList } from "./file-references";
import { exportFile } from "./export-file";
import { exportSnap } from "./export-snap";
import type { ExportFormat, exportToolResultSchema } from "./transfer-schemas";

/** export_snap: the export as MCP can carry it, the document itself, the file's text or the picture in base64. */
export async function exportSnapAsText(
  principal: Principal,
  { id, format, scale }: { id: string; format: ExportFormat; scale?: number },
): Promise<z.input<typeof exportToolResultSchema>> {
  const { document, files } = await exportSnap(principal, id);
  const file = await exportFile(document, format, scale, principal.userId, files);
  const mediaType = file.contentType.split(";")[0]!;
  if (format === "json") return { filename: file.filename, mediaType, document: withFileList(document, files, false) };
  if (typeof file.body !== "string") return { filename: file.filename, mediaType, data: Buffer.from(file.body).toString("base64") };
  return { filename: file.filename, mediaType, text: file.body };
}
