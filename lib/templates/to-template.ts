import type { Template, TemplateSummary } from "./template-schemas";

/** A template as listed: who it is, and its summary (lib/templates/summarize-template.ts). */
export function toTemplate(id: string, name: string, description: string, source: Template["source"], summary: TemplateSummary): Template {
  return { id, name, description, source, rows: summary.rows, cols: summary.cols, previewCells: summary.previewCells };
}
