import { applyChanges, type Change } from "./board-changes";
import type { BoardDoc } from "./board-types";

export type BoardAction = { type: "apply"; changes: readonly Change[] };

/**
 * The board's local state: one path for every change, a gesture here or the server's state (someone
 * else's write, a refused save put back, late cards), which the store first turns into changes
 * (live/server-state-changes.ts).
 */
export function boardReducer(doc: BoardDoc, action: BoardAction): BoardDoc {
  return applyChanges(doc, action.changes);
}
