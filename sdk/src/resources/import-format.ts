/** The file formats a snap is imported from (docs/API.md, "Export, import and templates"). */
export type ImportFormat = "snap" | "zip" | "csv" | "tsv" | "xlsx" | "trello";

/**
 * The format of a file from its name and, for JSON, its content: `.snap.zip`/`.zip`, `.xlsx`,
 * `.csv`, `.tsv`/`.tab`, and `.json` either our export document (its `format` is "snap-board") or a
 * Trello board export (it has `lists` and `cards`). Null when neither says.
 */
export function importFormatOf(name: string, jsonText?: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".zip")) return "zip";
  if (lower.endsWith(".xlsx")) return "xlsx";
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".tsv") || lower.endsWith(".tab")) return "tsv";
  if (jsonText === undefined) return lower.endsWith(".json") ? "snap" : null;
  try {
    const value = JSON.parse(jsonText) as { format?: unknown; lists?: unknown; cards?: unknown };
    if (value && typeof value === "object" && value.format === "snap-board") return "snap";
    if (value && typeof value === "object" && Array.isArray(value.lists) && Array.isArray(value.cards)) return "trello";
    return "snap";
  } catch {
    return lower.endsWith(".json") ? "snap" : null;
  }
}
