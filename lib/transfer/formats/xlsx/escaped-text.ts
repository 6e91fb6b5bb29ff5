/**
 * Text in a workbook's `<t>` elements may carry characters XML cannot hold as `_xHHHH_` (a UTF-16
 * code unit in hex; ECMA-376 Part 1, 22.9.2.19 ST_Xstring): Excel writes a carriage return as
 * `_x000D_`, and text that itself looks like an escape with its underscore escaped (`_x005F_x000D_`).
 */
const ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/** The text a spreadsheet shows for a `<t>` element's content. */
export function unescapeXlsxText(text: string): string {
  return text.includes("_x") ? text.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** The `<t>` content that a spreadsheet reads back as `text`: a literal `_xHHHH_` keeps its underscore escaped. */
export function escapeXlsxText(text: string): string {
  return text.includes("_x") ? text.replace(ESCAPE, (match) => `_x005F${match}`) : text;
}
