/** Examples of the export document and templates for the OpenAPI document. */
import { cardDefaults } from "./examples";

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
      { key: "c1", row: 0, col: 0, ...cardDefaults, title: "To do", color: "#e0f2fe", bold: true },
      { key: "c2", row: 0, col: 1, ...cardDefaults, title: "Done", color: "#d1fae5", bold: true },
      { key: "c3", row: 1, col: 0, ...cardDefaults, title: "Write tests", cellType: "todo" },
      { key: "c4", row: 1, col: 1, ...cardDefaults, title: "Ship export", cellType: "todo", completed: true },
    ],
    lines: [{ from: "c3", to: "c4", color: "#64748b", style: "solid", arrow: "end" }],
  },
  template,
  templatesResponse: { templates: [template] },
  templateCreate: { snapId: "cm3k9x2b10001qz8r4f6g7h8i", name: "Team kanban", description: "Our lanes" },
};
