/** What is selected on the board: a card, an empty cell (to add a card there), or a line. */
export type Selection = { kind: "card"; id: string } | { kind: "cell"; row: number; col: number } | { kind: "line"; id: string };

export function cellKey(row: number, col: number): string {
  return `${row}:${col}`;
}
