import type { MenuItem } from "@/components/ui/menu-button";
import { CommentIcon, ConnectIcon, HistoryIcon, RedoIcon, SettingsIcon, ShareIcon, UndoIcon } from "@/components/ui/icons";
import type { BoardAccess } from "../state/board-types";

interface OverflowInput {
  access: BoardAccess;
  canUndo: boolean;
  canRedo: boolean;
  connecting: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onToggleConnect: () => void;
  onOpenSettings: () => void;
  onOpenShare: () => void;
  commentsOpen?: boolean;
  onToggleComments?: () => void;
  historyOpen?: boolean;
  onToggleHistory?: () => void;
}

const ICON = "size-4 shrink-0 text-slate-500";

/**
 * What a phone's header has no room for, as items of its "More" menu: the same actions as the wide
 * header's buttons, in its order. Undo and redo are listed only when there is something to undo or redo.
 */
export function boardOverflowItems(input: OverflowInput): MenuItem[] {
  const editable = input.access === "edit" || input.access === "manage";
  const items: MenuItem[] = [];
  if (editable && input.canUndo) items.push({ id: "undo", label: "Undo", icon: <UndoIcon className={ICON} />, onSelect: input.onUndo });
  if (editable && input.canRedo) items.push({ id: "redo", label: "Redo", icon: <RedoIcon className={ICON} />, onSelect: input.onRedo });
  if (editable)
    items.push({
      id: "connect",
      label: input.connecting ? "Stop drawing a line" : "Draw a line between two cards",
      icon: <ConnectIcon className={ICON} />,
      onSelect: input.onToggleConnect,
    });
  if (input.onToggleComments)
    items.push({
      id: "comments",
      label: input.commentsOpen ? "Hide comments" : "Comments",
      icon: <CommentIcon className={ICON} />,
      onSelect: input.onToggleComments,
    });
  if (input.onToggleHistory)
    items.push({
      id: "history",
      label: input.historyOpen ? "Hide history" : "History",
      icon: <HistoryIcon className={ICON} />,
      onSelect: input.onToggleHistory,
    });
  if (editable) items.push({ id: "settings", label: "Settings", icon: <SettingsIcon className={ICON} />, onSelect: input.onOpenSettings });
  if (input.access === "manage") items.push({ id: "share", label: "Share", icon: <ShareIcon className={ICON} />, onSelect: input.onOpenShare });
  return items;
}
