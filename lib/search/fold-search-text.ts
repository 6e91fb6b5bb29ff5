/**
 * Text as search compares it in the browser: accents folded (é → e, ß → ss), case folded, runs of
 * white space as one space. The same folding the server's search does with `unaccent` and its
 * lower-casing dictionary (lib/search/build-search-query.ts), for matching done without a query
 * (the board's find bar).
 */
export function foldSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/\s+/gu, " ");
}
