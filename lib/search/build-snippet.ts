import { SNIPPET_MAX_LENGTH } from "./search-schemas";

/** Private-use characters PostgreSQL's ts_headline puts around each match (stripped from stored text first). */
export const HIGHLIGHT_START = "\uE000";
export const HIGHLIGHT_END = "\uE001";

export interface Snippet {
  snippet: string;
  highlights: [number, number][];
}

const ELLIPSIS = "…";
/** How much text to keep before the first match when the fragment must be cut. */
const LEAD = 40;

/**
 * Plain text of at most SNIPPET_MAX_LENGTH around the first match of a ts_headline fragment: the
 * markers removed and turned into [start, end) offsets, whitespace runs as one space, cut at word
 * boundaries, with an ellipsis where text is left out (`cut`: the fragment itself already leaves
 * out text before or after it).
 */
export function buildSnippet(headline: string, cut: { cutStart: boolean; cutEnd: boolean } = { cutStart: false, cutEnd: false }): Snippet {
  let text = "";
  const highlights: [number, number][] = [];
  let open = -1;
  for (const char of headline.replace(/\s+/gu, " ").trim()) {
    if (char === HIGHLIGHT_START) open = text.length;
    else if (char === HIGHLIGHT_END) {
      if (open >= 0 && text.length > open) highlights.push([open, text.length]);
      open = -1;
    } else text += char;
  }
  const lead = cut.cutStart ? ELLIPSIS : "";
  const tail = cut.cutEnd ? ELLIPSIS : "";
  if (lead.length + text.length + tail.length <= SNIPPET_MAX_LENGTH) {
    return { snippet: lead + text + tail, highlights: highlights.map(([from, to]) => [from + lead.length, to + lead.length]) };
  }

  const first = highlights[0]?.[0] ?? 0;
  let start = Math.max(0, first - LEAD);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  const prefix = start > 0 || cut.cutStart ? ELLIPSIS : "";
  const room = SNIPPET_MAX_LENGTH - prefix.length;
  let end = text.length;
  let suffix = "";
  if (start + room < text.length || cut.cutEnd) {
    suffix = ELLIPSIS;
    if (text.length - start > room - suffix.length) {
      end = start + room - suffix.length;
      const space = text.lastIndexOf(" ", end);
      if (space > start && space > first) end = space;
    }
  }
  // Never split a surrogate pair at either edge.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;

  const body = text.slice(start, end).trimEnd();
  const shift = prefix.length - start;
  const kept = highlights.filter(([from, to]) => from >= start && to <= start + body.length).map(([from, to]): [number, number] => [from + shift, to + shift]);
  return { snippet: prefix + body + suffix, highlights: kept };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
