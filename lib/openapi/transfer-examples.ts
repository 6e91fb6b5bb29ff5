/** Examples of the export document and templates for the OpenAPI document. */
const template = {
  id: "cm3k9z1b20011qz8rk4l5m6n7",
  name: "Team kanban",
  description: "Our lanes",
  source: "workspace",
  rows: 2,
  cols: 2,
  previewCells: [
    { position: { row: 0, col: 0 }, rowSpan: 1, colSpan: 1, title: "To do", type: "normal", color: "#e0f2fe" },
    { position: { row: 0, col: 1 }, rowSpan: 1, colSpan: 1, title: "Done", type: "normal", color: "#d1fae5" },
  ],
} as const;

const card = {
  rowSpan: 1,
  colSpan: 1,
  note: "",
  completed: false,
  textAlign: "left",
  verticalAlign: "top",
  fontSize: "text-sm",
  bold: false,
  italic: false,
  underline: false,
  borderRadius: 8,
  borderSize: 1,
  cellOpacity: 100,
} as const;

export const transferExamples = {
  document: {
    format: "snap-board",
    formatVersion: 1,
    exportedAt: "2026-11-26T09:30:00.000Z",
    snap: {
      title: "Sprint 42",
      subtitle: "Team board",
      icon: "🚀",
      rows: 2,
      cols: 2,
      fontFamily: "Inter",
      canvasBackgroundColor: "#f8fafc",
      cellSpacing: 8,
      rowHeights: { "0": 48 },
      colWidths: {},
    },
    cards: [
      { key: "c1", row: 0, col: 0, title: "To do", cellType: "normal", color: "#e0f2fe", ...card, bold: true },
      { key: "c2", row: 0, col: 1, title: "Done", cellType: "normal", color: "#d1fae5", ...card, bold: true },
      { key: "c3", row: 1, col: 0, title: "Write tests", cellType: "todo", color: "", ...card },
      { key: "c4", row: 1, col: 1, title: "Ship export", cellType: "todo", color: "", ...card, completed: true },
    ],
    lines: [{ from: "c3", to: "c4", color: "#64748b", style: "solid", arrow: "end" }],
  },
  template,
  templatesResponse: { templates: [template] },
  templateCreate: { snapId: "cm3k9x2b10001qz8r4f6g7h8i", name: "Team kanban", description: "Our lanes" },
};
