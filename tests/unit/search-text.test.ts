import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSnippet, HIGHLIGHT_END, HIGHLIGHT_START } from "../../lib/search/build-snippet";
import { parseSearchText } from "../../lib/search/parse-search-text";

const mark = (word: string) => `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}`;

describe("parseSearchText", () => {
  it("reads words, phrases, exclusions and the last word as a prefix", () => {
    expect(parseSearchText('road "quick fox" -brown -"old map" cafe')).toEqual([
      { text: "road", negated: false, prefix: false },
      { text: "quick fox", negated: false, prefix: false },
      { text: "brown", negated: true, prefix: false },
      { text: "old map", negated: true, prefix: false },
      { text: "cafe", negated: false, prefix: true },
    ]);
  });

  it("keeps the prefix only for a last word typed up to its end", () => {
    expect(parseSearchText("road ").at(-1)?.prefix).toBe(true);
    expect(parseSearchText("road.").at(-1)?.prefix).toBe(false);
    expect(parseSearchText('"road"').at(-1)?.prefix).toBe(false);
    expect(parseSearchText("road -map").map((term) => term.prefix)).toEqual([false, false]);
  });

  it("drops punctuation-only pieces and stray quotes", () => {
    expect(parseSearchText('& | ! :* ( \\ " -')).toEqual([]);
    expect(parseSearchText('launch "menu').map((term) => term.text)).toEqual(["launch", "menu"]);
  });

  it("never returns a term without a letter or digit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 100 }), (text) => {
        for (const term of parseSearchText(text)) expect(term.text).toMatch(/[\p{L}\p{N}]/u);
      }),
      { numRuns: 50 },
    );
    // A bound on a hang only: fast-check's first binary-string property sets itself up for about a
    // second of CPU, many seconds on a busy CI machine, past Vitest's default of 5.
  }, 60_000);
});

describe("buildSnippet", () => {
  it("turns the markers into offsets", () => {
    expect(buildSnippet(`Launch the ${mark("Café")} menu`)).toEqual({ snippet: "Launch the Café menu", highlights: [[11, 15]] });
  });

  it("marks text left out before and after with an ellipsis", () => {
    expect(buildSnippet(`the ${mark("map")} here`, { cutStart: true, cutEnd: true })).toEqual({ snippet: "…the map here…", highlights: [[5, 8]] });
  });

  it("keeps at most 200 characters around the first match, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.string({ maxLength: 400 }),
        fc.boolean(),
        fc.boolean(),
        (before, word, after, cutStart, cutEnd) => {
          const clean = (text: string) => text.replace(/[\uE000\uE001]/g, "");
          const { snippet, highlights } = buildSnippet(`${clean(before)}${mark(clean(word))}${clean(after)}`, { cutStart, cutEnd });
          expect(snippet.length).toBeLessThanOrEqual(200);
          for (const [start, end] of highlights) {
            expect(start).toBeGreaterThanOrEqual(0);
            expect(end).toBeLessThanOrEqual(snippet.length);
            expect(start).toBeLessThan(end);
          }
        },
      ),
    );
  });
});
