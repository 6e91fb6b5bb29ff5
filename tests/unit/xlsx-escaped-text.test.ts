import { describe, expect, it } from "vitest";
import { escapeXlsxText, unescapeXlsxText } from "@/lib/transfer/formats/xlsx/escaped-text";

/** A workbook's `_xHHHH_` escapes (as Excel writes a carriage return, and an escape-like text). */
describe("escaped text in a workbook", () => {
  it("reads each escape as its character, an escaped underscore first", () => {
    expect(unescapeXlsxText("line_x000D_break")).toBe("line\rbreak");
    expect(unescapeXlsxText("_x005F_x000D_")).toBe("_x000D_");
    expect(unescapeXlsxText("tab_x0009_and _x00e9_")).toBe("tab\tand é");
    expect(unescapeXlsxText("_x00_ not one, _xZZZZ_ neither")).toBe("_x00_ not one, _xZZZZ_ neither");
  });

  it("writes text that reads back as it was, whatever it looks like", () => {
    for (const text of ["plain", "_x000D_", "a_x0041_b_x005F_c", "_x_", "__x0041__"]) {
      expect(unescapeXlsxText(escapeXlsxText(text))).toBe(text);
    }
  });
});
