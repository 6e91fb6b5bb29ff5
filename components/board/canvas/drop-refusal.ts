import type { BoardDoc } from "../state/board-types";
import { planMove, planResize } from "../grid/grid-plans";
import { boardBounds, planGroupMove, planReshape, SELECTION_PAST_EDGE } from "../grid/group-plans";
import type { DragPreview } from "./use-canvas-pointer";

/**
 * Why the drop a drag shows would be refused, asked of the same plan the drop carries out (the
 * placement rule, docs/BOARD_COMMANDS.md): the preview says it during the gesture. Null when the
 * drop would be taken (or the gesture drops nothing).
 */
export function dropRefusal(doc: BoardDoc, preview: DragPreview): string | null {
  if (!preview || preview.kind === "marquee") return null;
  // The drawn grid, as the drop's own plan bounds a drag.
  const bounds = boardBounds(doc);
  const plan =
    preview.kind === "group"
      ? preview.pastEdge
        ? { error: SELECTION_PAST_EDGE }
        : planGroupMove(doc, preview.ids, { dRow: preview.dRow, dCol: preview.dCol }, bounds)
      : preview.kind === "move"
        ? planMove(doc, preview.id, preview.rect, bounds)
        : preview.reshape
          ? planReshape(doc, preview.id, preview.rect)
          : planResize(doc, preview.id, preview.rect, bounds);
  return "error" in plan ? plan.error : null;
}
