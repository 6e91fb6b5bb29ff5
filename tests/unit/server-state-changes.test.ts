import { describe, expect, it } from "vitest";
import { applyChanges } from "@/components/board/state/board-changes";
import { serverStateChanges } from "@/components/board/live/server-state-changes";
import { blankCard } from "@/components/board/grid/grid-plans";
import type { BoardDoc } from "@/components/board/state/board-types";
import { boardSnap } from "./board-fixtures";

function doc(): BoardDoc {
  const cards = Array.from({ length: 3 }, (_, index) => ({ ...blankCard(`c${index}`, 0, index), title: `Card ${index}` }));
  const line = { id: "l1", fromCardId: "c0", toCardId: "c1", color: "#000000", style: "solid", arrow: "end" } as BoardDoc["lines"][number];
  return { snap: boardSnap("s1"), cards, lines: [line] };
}

describe("the server's state as changes (one apply path for remote changes and refusals)", () => {
  it("turns only what differs into changes, and applying them gives the server's state", () => {
    const before = doc();
    const [c0, c1] = before.cards;
    const changes = serverStateChanges(before, {
      // c0 as it was (a reset re-reads every card): no change of it.
      upsertCards: [{ ...c0! }, { ...c1!, title: "Theirs", attachments: [...c1!.attachments] }, { ...blankCard("c9", 4, 4), title: "New" }],
      removeCards: ["c2"],
      upsertLines: [
        { ...before.lines[0]!, color: "#ff0000" },
        { id: "l2", fromCardId: "c9", toCardId: "c0", color: "#000000", style: "solid", arrow: "end" } as BoardDoc["lines"][number],
      ],
      snap: { title: before.snap.title, cellSpacing: 12 },
    });
    expect(changes.map((change) => change.type)).toEqual(["deleteCards", "updateCards", "updateLine", "createCards", "updateSnap"]);
    expect(changes[1]).toEqual({ type: "updateCards", updates: [{ id: "c1", before: { title: "Card 1" }, after: { title: "Theirs" } }] });
    expect(changes[4]).toEqual({ type: "updateSnap", before: { cellSpacing: before.snap.cellSpacing }, after: { cellSpacing: 12 } });
    const after = applyChanges(before, changes);
    expect(after.cards.map((card) => [card.id, card.title])).toEqual([
      ["c0", "Card 0"],
      ["c1", "Theirs"],
      ["c9", "New"],
    ]);
    expect(after.lines.map((line) => [line.id, line.color])).toEqual([
      ["l1", "#ff0000"],
      ["l2", "#000000"],
    ]);
  });

  it("keeps no line whose card is gone, and changes nothing when nothing differs", () => {
    const before = doc();
    const changes = serverStateChanges(before, { removeCards: ["c1"], upsertLines: [{ ...before.lines[0]!, color: "#ff0000" }] });
    expect(applyChanges(before, changes).lines).toEqual([]);
    expect(serverStateChanges(before, { upsertCards: before.cards.map((card) => ({ ...card })), snap: { ...before.snap } })).toEqual([]);
  });
});
