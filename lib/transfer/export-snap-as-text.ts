import type { z } from "zod";
import type { Principal } from "@/lib/request/principal";
import { exportFile } from "./export-file";
import { exportSnap } from "./export-snap";
import type { ExportFormat, exportToolResultSchema } from "./transfer-schemas";

/** export_snap: the export as MCP can carry it, the document itself or the file's text (no PNG). */
export async function exportSnapAsText(
  principal: Principal,
  { id, format }: { id: string; format: Exclude<ExportFormat, "png"> },
): Promise<z.input<typeof exportToolResultSchema>> {
  const { document } = await exportSnap(principal, id);
  const file = await exportFile(document, format);
  const mediaType = file.contentType.split(";")[0]!;
  return format === "json" ? { filename: file.filename, mediaType, document } : { filename: file.filename, mediaType, text: String(file.body) };
}
