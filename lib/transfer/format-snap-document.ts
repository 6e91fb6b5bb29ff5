import type { SnapDocument } from "./transfer-schemas";

/**
 * The document as text for a file: indented, but one card and one line per text line, so a
 * 10,000-card board stays a few MB (under the import limit) and a change shows as one diff line.
 */
export function formatSnapDocument(document: SnapDocument): string {
  const { cards, lines, ...head } = document;
  const headText = JSON.stringify(head, null, 2).replace(/\n}$/, "");
  const list = (items: readonly unknown[]) => (items.length ? `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]` : "[]");
  return `${headText},\n  "cards": ${list(cards)},\n  "lines": ${list(lines)}\n}\n`;
}
