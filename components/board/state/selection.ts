/** A cell of the grid, by its 0-based row and column. */
export interface Cell {
  row: number;
  col: number;
}

/**
 * What is selected on the board: a card, an empty cell (to add a card there), a line, or several
 * cards. A selection of cards keeps where it began (`anchor`) and where it was extended to
 * (`head`): Shift+click and Shift+arrows grow the rectangle between them (selection-model.ts).
 */
export type Selection =
  | { kind: "card"; id: string }
  | { kind: "cell"; row: number; col: number }
  | { kind: "line"; id: string }
  | { kind: "cards"; ids: readonly string[]; anchor: Cell; head: Cell };

export function cellKey(row: number, col: number): string {
  return `${row}:${col}`;
}
