/**
 * What a person typed into search, as terms (docs/API.md, "Search"): words and "quoted phrases" that
 * must all match, `-word` / `-"phrase"` that must not, the last word also as a prefix. Nothing in
 * the text is query syntax: each term's text goes to PostgreSQL's phraseto_tsquery, which parses it
 * like a document's text and cannot fail (lib/search/build-search-query.ts).
 */
export interface SearchTerm {
  /** Plain text: one word as typed, or a phrase's words. */
  text: string;
  negated: boolean;
  /** The term's last word also matches as a prefix (`road` finds "roadmap"). */
  prefix: boolean;
}

/** At most this many terms are kept (a 200-character q holds ~100 one-letter words). */
export const MAX_SEARCH_TERMS = 32;

// A quoted phrase (straight or typographic quotes), optionally negated, or a run of non-space text.
const TOKEN = /(-?)(?:["“”„]([^"“”„]*)["“”„]|([^\s"“”„]+))/gu;
/** A word has a letter or digit; anything else (`&`, `:*`, `(`, `\`) is punctuation between words. */
const HAS_WORD = /[\p{L}\p{N}]/u;

export function parseSearchText(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  let lastIsBareWord = false;
  for (const match of text.normalize("NFC").matchAll(TOKEN)) {
    const [, minus, phrase, word] = match;
    const termText = (phrase ?? word ?? "").trim();
    if (!HAS_WORD.test(termText)) {
      // A lone quote or punctuation: no term, and the word before it is no longer "the last word".
      if (phrase !== undefined || word !== undefined) lastIsBareWord = false;
      continue;
    }
    terms.push({ text: termText, negated: minus === "-", prefix: false });
    lastIsBareWord = phrase === undefined && minus !== "-";
  }
  const kept = terms.slice(0, MAX_SEARCH_TERMS);
  const last = kept.at(-1);
  // Only when the text ends in that word: a closing quote or trailing punctuation ends the typing of it.
  if (last && lastIsBareWord && kept.length === terms.length && /[\p{L}\p{N}]$/u.test(text.normalize("NFC").trimEnd())) {
    last.prefix = true;
  }
  return kept;
}
