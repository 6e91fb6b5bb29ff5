import type { Axis, Plan } from "./grid-plans";
import type { Rect } from "./grid-geometry";
import { planPlacements } from "./group-plans";
import type { Placement } from "./placement";
import type { BoardCard, BoardDoc } from "../state/board-types";
import { boundsOf } from "../state/selection-model";

export type AlignEdge = "top" | "bottom" | "left" | "right";

const REFUSED_HINT = "Move it first, or align fewer cards.";

function selectedCards(doc: BoardDoc, ids: readonly string[]): BoardCard[] {
  const wanted = new Set(ids);
  return doc.cards.filter((card) => wanted.has(card.id));
}

function rectOf(card: Rect): Rect {
  return { row: card.row, col: card.col, rowSpan: card.rowSpan, colSpan: card.colSpan };
}

/**
 * Lines the selected cards up with one edge of the selection's bounds: every card's top (or bottom,
 * left, right) on the same grid line. The placement rule decides whether they may land there: two
 * of them on the same cells, or a card with content in the way, refuses it with the reason.
 */
export function planAlign(doc: BoardDoc, ids: readonly string[], edge: AlignEdge): Plan {
  const cards = selectedCards(doc, ids);
  const box = boundsOf(cards);
  if (!box || cards.length < 2) return { error: "Select two cards or more to align them." };
  const placements: Placement[] = cards.map((card) => {
    const to = rectOf(card);
    if (edge === "top") to.row = box.row;
    else if (edge === "bottom") to.row = box.row + box.rowSpan - card.rowSpan;
    else if (edge === "left") to.col = box.col;
    else to.col = box.col + box.colSpan - card.colSpan;
    return { card, to };
  });
  return planPlacements(doc, placements, { hint: REFUSED_HINT });
}

/**
 * Spaces the selected cards evenly along an axis ("col": left to right): the first and the last
 * stay, the others move so that the gaps between neighbours are equal (to the cell; the spare cells
 * go to the first gaps). Cards that overlap along the axis are spread by their starts instead.
 */
export function planDistribute(doc: BoardDoc, ids: readonly string[], axis: Axis): Plan {
  const cards = selectedCards(doc, ids);
  if (cards.length < 3) return { error: "Select three cards or more to distribute them." };
  const pos = axis === "row" ? "row" : "col";
  const span = axis === "row" ? "rowSpan" : "colSpan";
  const ordered = [...cards].sort((a, b) => a[pos] - b[pos] || a[pos === "row" ? "col" : "row"] - b[pos === "row" ? "col" : "row"]);
  const first = ordered[0]!;
  const last = ordered[ordered.length - 1]!;
  const gaps = ordered.length - 1;
  const room = last[pos] + last[span] - first[pos] - ordered.reduce((sum, card) => sum + card[span], 0);
  const starts: number[] = [];
  if (room >= 0) {
    let at = first[pos];
    ordered.forEach((card, index) => {
      starts.push(at);
      at += card[span] + Math.floor(room / gaps) + (index < room % gaps ? 1 : 0);
    });
  } else {
    const reach = last[pos] - first[pos];
    ordered.forEach((_, index) => starts.push(first[pos] + Math.round((reach * index) / gaps)));
  }
  const placements: Placement[] = ordered.map((card, index) => ({ card, to: { ...rectOf(card), [pos]: starts[index]! } }));
  return planPlacements(doc, placements, { hint: "Move it first, or distribute fewer cards." });
}
