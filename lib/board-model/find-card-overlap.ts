/** The cells a card covers: its top-left corner and its spans. */
export interface CardRect {
  id: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

export interface CardOverlap {
  card: CardRect;
  other: CardRect;
  /** The top-left cell the two share. */
  row: number;
  col: number;
}

// Cards are filed by the 16 × 16 tiles they cover, so a card is compared only with its neighbours:
// the cost follows the cards placed and their surroundings, not the product of the two.
const TILE = 16;
const TILES_PER_ROW = 1 << 10;

/**
 * The first overlap of a placed card (in the order of `placed`) with any other card of `cards`,
 * or null. `cards` holds every card of the region the placed cards cover, the placed ones
 * included; overlaps between cards not placed are not looked for (a board may hold some from
 * before the rule: docs/API.md, "Changes").
 */
export function findCardOverlap(cards: readonly CardRect[], placed: readonly string[]): CardOverlap | null {
  const tiles = new Map<number, CardRect[]>();
  const byId = new Map<string, CardRect>();
  for (const card of cards) {
    byId.set(card.id, card);
    for (const tile of tilesOf(card)) {
      const filed = tiles.get(tile);
      if (filed) filed.push(card);
      else tiles.set(tile, [card]);
    }
  }
  for (const id of placed) {
    const card = byId.get(id);
    if (!card) continue;
    for (const tile of tilesOf(card)) {
      const other = tiles.get(tile)?.find((candidate) => candidate.id !== card.id && overlap(card, candidate));
      if (other) return { card, other, row: Math.max(card.row, other.row), col: Math.max(card.col, other.col) };
    }
  }
  return null;
}

function overlap(a: CardRect, b: CardRect): boolean {
  return a.row < b.row + b.rowSpan && b.row < a.row + a.rowSpan && a.col < b.col + b.colSpan && b.col < a.col + a.colSpan;
}

function tilesOf(card: CardRect): number[] {
  const tiles: number[] = [];
  const lastRow = Math.floor((card.row + card.rowSpan - 1) / TILE);
  const lastCol = Math.floor((card.col + card.colSpan - 1) / TILE);
  for (let row = Math.floor(card.row / TILE); row <= lastRow; row++) {
    for (let col = Math.floor(card.col / TILE); col <= lastCol; col++) tiles.push(row * TILES_PER_ROW + col);
  }
  return tiles;
}
