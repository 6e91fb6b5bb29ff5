import type { BoardDoc } from "@/components/board/state/board-types";

/** A board's snap fields as the server gives a new snap: the unit tests' boards start from it. */
export function boardSnap(id = "s1"): BoardDoc["snap"] {
  return {
    id,
    title: "T",
    subtitle: null,
    icon: null,
    fontFamily: "Inter",
    canvasBackgroundColor: "#f8fafc",
    cellSpacing: 8,
    rowHeights: {},
    colWidths: {},
    folderId: null,
    isPublic: false,
    shareMode: "view",
    shareToken: null,
    sharedWithWorkspace: false,
  };
}
