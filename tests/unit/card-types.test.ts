import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BoardCard } from "@/components/board/state/board-types";
import { CardContent } from "@/components/board/canvas/card-content";
import { cardLabel } from "@/components/board/canvas/card-label";
import { cardTypeViewOf } from "@/lib/card-types/views";
import { blankCard } from "@/components/board/grid/grid-plans";
import { cardFieldsSchema } from "@/lib/board-model/card-schemas";
import { CARD_TYPES, KNOWN_CELL_TYPES, cardTypeOf, isKnownCardType } from "@/lib/card-types/registry";

const baseCard: BoardCard = { ...blankCard("card-1", 2, 3), title: "Hello" };

function render(card: BoardCard, editable = true): string {
  return renderToStaticMarkup(createElement(CardContent, { card, editable, selected: false, onToggleTodo: () => {} }));
}

describe("card-type registry", () => {
  it("is what the server knows: the known cell types are the registered names, each accepted by the card schema and named in its description", () => {
    expect(KNOWN_CELL_TYPES).toEqual(CARD_TYPES.map((type) => type.name));
    expect(new Set(KNOWN_CELL_TYPES).size).toBe(CARD_TYPES.length);
    for (const name of KNOWN_CELL_TYPES) {
      expect(cardFieldsSchema.shape.cellType.safeParse(name).success).toBe(true);
      expect(cardFieldsSchema.shape.cellType.description).toContain(name);
      expect(isKnownCardType(name)).toBe(true);
      expect(cardTypeOf(name).name).toBe(name);
    }
  });

  it("treats an unknown type as normal text, on the server and on the board", () => {
    expect(cardFieldsSchema.shape.cellType.safeParse("kanban").success).toBe(true);
    expect(isKnownCardType("kanban")).toBe(false);
    expect(cardTypeOf("kanban").name).toBe("normal");
    expect(cardTypeViewOf("kanban")).toBe(cardTypeViewOf("normal"));
    expect(render({ ...baseCard, cellType: "kanban", title: "Plain words" })).toContain("Plain words");
  });

  it("gives every type a label, a view and a rendering of a card of that type", () => {
    for (const type of CARD_TYPES) {
      expect(type.label.trim()).not.toBe("");
      const view = cardTypeViewOf(type.name);
      expect(view.Content).toBeTypeOf("function");
      const title = type.url ? "https://example.com/board" : `A ${type.name} card`;
      const html = render({ ...baseCard, cellType: type.name, title, note: "Described" });
      expect(html, type.name).not.toBe("");
      if (!type.url) expect(html, type.name).toContain(title);
    }
  });

  it("puts only safe URLs in an href, src or frame; anything else shows as text", () => {
    const urlTypes = CARD_TYPES.filter((type) => type.url);
    expect(urlTypes.map((type) => type.name).sort()).toEqual(["designembed", "image", "link"]);
    for (const type of urlTypes) {
      const safe = render({ ...baseCard, cellType: type.name, title: "https://example.com/x" });
      expect(safe, type.name).toMatch(/(href|src)="https:\/\/example\.com\/x"/);
      for (const hostile of ["javascript:alert(1)", "data:text/html,<b>x</b>", "not a url"]) {
        const html = render({ ...baseCard, cellType: type.name, title: hostile });
        expect(html, `${type.name} ${hostile}`).not.toMatch(/href=|src=/);
      }
    }
    // Frames take https only.
    expect(render({ ...baseCard, cellType: "designembed", title: "http://example.com/x" })).not.toContain("<iframe");
    expect(render({ ...baseCard, cellType: "image", title: "http://example.com/x.png" })).toContain('src="http://example.com/x.png"');
  });

  it("names a card by its position, text and special type in its accessible label", () => {
    expect(cardLabel(baseCard)).toBe("Row 3, column 4: Hello");
    expect(cardLabel({ ...baseCard, cellType: "todo", completed: true })).toBe("Row 3, column 4: Hello (to-do, done)");
    expect(cardLabel({ ...baseCard, cellType: "todo" })).toBe("Row 3, column 4: Hello (to-do, not done)");
    expect(cardLabel({ ...baseCard, cellType: "designembed", note: "Wireframes" })).toBe("Row 3, column 4: Hello (design embed). Note: Wireframes");
    expect(cardLabel({ ...baseCard, cellType: "kanban" })).toBe("Row 3, column 4: Hello");
  });
});
