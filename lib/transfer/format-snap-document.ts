import type { SnapDocument } from "./transfer-schemas";

/**
 * The document as text for a file: indented, but one card and one line per text line, so a
 * 10,000-card board stays a few MB (under the import limit) and a change shows as one diff line.
 */
export function formatSnapDocument(document: SnapDocument): string {
  return Array.from(snapDocumentPieces(document)).join("");
}

/** formatSnapDocument's text in pieces, one card or line each, made as they are taken (a download streams them). */
export function* snapDocumentPieces(document: SnapDocument): Generator<string> {
  const { cards, lines, ...head } = document;
  yield JSON.stringify(head, null, 2).replace(/\n}$/, "");
  yield ',\n  "cards": ';
  yield* listPieces(cards);
  yield ',\n  "lines": ';
  yield* listPieces(lines);
  yield "\n}\n";
}

function* listPieces(items: readonly unknown[]): Generator<string> {
  if (items.length === 0) {
    yield "[]";
    return;
  }
  yield "[\n";
  for (const [index, item] of items.entries()) yield `${index ? ",\n" : ""}    ${JSON.stringify(item)}`;
  yield "\n  ]";
}
