import { describe, expect, it } from "vitest";
import { foldSearchText } from "@/lib/search/fold-search-text";

describe("foldSearchText", () => {
  it("folds accents, case and white space as search does", () => {
    expect(foldSearchText("Crème  BRÛLÉE\nStraße")).toBe("creme brulee strasse");
    expect(foldSearchText("Ångström ﬁle")).toBe("angstrom file");
  });
});
