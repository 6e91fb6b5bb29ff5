import { describe, expect, it } from "vitest";
import { mergeNotice, mergeReportOf } from "@/components/board/live/merge-notice";

const names: Record<string, string> = { a: "Budget", b: "Roadmap", c: "Hiring" };
const nameOf = (id: string) => names[id] ?? id;
const by = (name: string) => ({ userId: `u-${name}`, name });

describe("the merge notice (later write wins; the value that loses is named)", () => {
  it("counts the cards, not the fields, and names everyone whose value lost", () => {
    const report = mergeReportOf(
      {
        overwritten: [
          { cardId: "A", field: "title", by: by("Carol"), version: 5, value: "x" },
          { cardId: "A", field: "color", by: by("Carol"), version: 6, value: "#fff" },
          { cardId: "B", field: "row", by: by("Dan"), version: 7, value: 3 },
        ],
        missing: [],
      },
      new Set(),
      (id) => id.toLowerCase(),
    );
    expect(report?.overwritten.map((item) => item.cardId)).toEqual(["a", "a", "b"]);
    expect(mergeNotice(report!, nameOf)).toBe(
      "Carol and Dan changed 2 of the cards you edited while your edits were waiting to be saved. Yours were saved later and replaced theirs, which stay in the history.",
    );
  });

  it("says a card deleted meanwhile was not brought back; a delete of a card already gone says nothing", () => {
    const missing = [
      { cardId: "a", deletedBy: by("Carol"), version: 4 },
      { cardId: "b", deletedBy: null, version: null },
      { cardId: "c", deletedBy: by("Carol"), version: 4 },
    ];
    const report = mergeReportOf({ overwritten: [], missing }, new Set(["a", "b"]), (id) => id);
    expect(mergeNotice(report!, nameOf)).toBe("“Budget” and 1 more card were deleted by Carol and someone meanwhile; your edit of them was not saved.");
    expect(mergeReportOf({ overwritten: [], missing }, new Set(), (id) => id)).toBeNull();
    // An answer of a server without the merge fields meets nothing.
    expect(mergeReportOf({}, new Set(["a"]), (id) => id)).toBeNull();
  });
});
