import type { WireRequest } from "@/components/board/live/wire-request";
import type { BoardLine, LinePatch, SnapPatch } from "@/components/board/state/board-types";

/** A request as an earlier version of the app queued it: snap fields and each line edit on their own. */
type EarlierRequest =
  | { kind: "snap"; patch: SnapPatch }
  | { kind: "createLine"; line: BoardLine }
  | { kind: "updateLine"; lineId: string; patch: LinePatch }
  | { kind: "deleteLine"; lineId: string };

/**
 * A queued request as this version sends it: one written by an earlier version (before a gesture
 * became one change, docs/SAVING.md) becomes the change that does the same, so nothing queued on
 * a device is lost across an update.
 */
export function upgradeQueuedRequest(request: WireRequest | EarlierRequest): WireRequest {
  const change: WireRequest = { kind: "changes", create: [], createIds: [], update: [], delete: [] };
  switch (request.kind) {
    case "changes":
      return request;
    case "snap":
      return { ...change, snap: request.patch };
    case "createLine":
      return { ...change, lines: { create: [request.line], update: [], delete: [] } };
    case "updateLine":
      return { ...change, lines: { create: [], update: [{ id: request.lineId, patch: request.patch }], delete: [] } };
    case "deleteLine":
      return { ...change, lines: { create: [], update: [], delete: [request.lineId] } };
  }
}
