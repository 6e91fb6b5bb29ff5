/**
 * Boards this browser opened lately, newest first, for the search dialog's empty query. Kept in
 * localStorage only: it is this browser's history, not something the server needs to know.
 */
export interface RecentBoard {
  id: string;
  title: string;
}

const KEY = "snap-board:recent-boards";
export const RECENT_BOARDS_MAX = 8;

export function readRecentBoards(): RecentBoard[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is RecentBoard => typeof item?.id === "string" && typeof item?.title === "string").slice(0, RECENT_BOARDS_MAX);
  } catch {
    return [];
  }
}

export function rememberRecentBoard(board: RecentBoard): void {
  try {
    const rest = readRecentBoards().filter((item) => item.id !== board.id);
    localStorage.setItem(KEY, JSON.stringify([board, ...rest].slice(0, RECENT_BOARDS_MAX)));
  } catch {
    // Storage full or disabled: the list is a convenience.
  }
}
