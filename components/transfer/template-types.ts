/** A template as GET /api/templates lists it. */
export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  source: "builtin" | "workspace";
  rows: number;
  cols: number;
  previewCells: { position: { row: number; col: number }; rowSpan: number; colSpan: number; title: string; type: string; color: string }[];
}
