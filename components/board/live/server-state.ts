import type { BoardCard, BoardLine, BoardSnap } from "../state/board-types";

/**
 * Cards, lines and snap fields as the server has them, in the board's ids: someone else's write
 * (a live event), the state a refused save puts back, or cards of the board that arrive late.
 * The board lays it over what it shows.
 */
export interface ServerState {
  upsertCards?: BoardCard[];
  removeCards?: string[];
  upsertLines?: BoardLine[];
  removeLines?: string[];
  snap?: Partial<BoardSnap>;
}
