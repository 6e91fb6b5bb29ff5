"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { BoardTransferMenu } from "@/components/transfer/board-transfer-menu";
import { boardCommand, shortcutOf } from "../commands/board-commands";
import { ariaChord } from "../commands/key-chord";
import { ArrowLeftIcon, CommentIcon, ConnectIcon, HistoryIcon, LockIcon, RedoIcon, SettingsIcon, ShareIcon, UndoIcon } from "@/components/ui/icons";
import type { SaveState } from "../live/board-sync";
import type { BoardAccess, BoardSnap } from "../state/board-types";
import { ConnectionIndicator } from "./connection-indicator";
import { EditableTitle } from "./editable-title";
import type { Viewer } from "../live/live-messages";
import { PresenceBar } from "./presence-bar";
import { SaveIndicator } from "./save-indicator";
import { boardOverflowItems } from "./board-overflow-items";
import { useNarrowScreen } from "./use-narrow-screen";
import type { Connection } from "../live/use-snap-events";

interface BoardHeaderProps {
  snap: BoardSnap;
  access: BoardAccess;
  status: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  connecting: boolean;
  /** The live stream's state and the others viewing the snap. */
  connection: Connection;
  viewers: readonly Viewer[];
  onUndo: () => void;
  onRedo: () => void;
  onToggleConnect: () => void;
  onRename: (title: string) => void;
  onOpenSettings: () => void;
  onOpenShare: () => void;
  /** The History panel (every reader has it). */
  historyOpen?: boolean;
  onToggleHistory?: () => void;
  /** The Comments panel (every reader has it). */
  commentsOpen?: boolean;
  onToggleComments?: () => void;
}

const ICON_BUTTON =
  "flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent pointer-coarse:size-11";
/** Controls that a phone's header moves into the "More" menu (boardOverflowItems). */
const WIDE_ONLY = "max-sm:hidden!";

/**
 * The board's header. On a phone (below `sm`) it stays one line at every state: the title, "Saved"
 * as an icon, one presence avatar, the live dot and the "More" menu, which then holds what does
 * not fit (undo, redo, connect, comments, history, settings, share) above its own items.
 */
export function BoardHeader(props: BoardHeaderProps) {
  const { snap, access, status, canUndo, canRedo, connecting } = props;
  const editable = access === "edit" || access === "manage";
  const narrow = useNarrowScreen();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="flex items-center gap-x-1.5 gap-y-2 px-2 py-2 sm:flex-wrap sm:gap-x-3 sm:px-5 sm:py-2.5">
        <Link href="/" aria-label="Back to dashboard" title="Back to dashboard" className={ICON_BUTTON}>
          <ArrowLeftIcon className="size-5" />
        </Link>
        <div className="flex min-w-0 flex-1 items-center gap-2.5 sm:basis-48">
          {snap.icon && (
            <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-lg max-sm:hidden">
              {snap.icon}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <EditableTitle title={snap.title} editable={editable} onRename={props.onRename} />
            {snap.subtitle && <p className="truncate text-xs text-slate-500 sm:text-sm">{snap.subtitle}</p>}
          </div>
        </div>

        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <PresenceBar viewers={props.viewers} shown={narrow ? 1 : undefined} />
          <ConnectionIndicator connection={props.connection} />
          {props.onToggleComments && (
            <button
              type="button"
              aria-pressed={props.commentsOpen ?? false}
              title="Comments"
              onClick={props.onToggleComments}
              className={`${ICON_BUTTON} ${WIDE_ONLY}`}
            >
              <CommentIcon className="size-4.5" />
              <span className="sr-only">Comments</span>
            </button>
          )}
          {props.onToggleHistory && (
            <button
              type="button"
              aria-pressed={props.historyOpen ?? false}
              title="History: who changed this snap"
              onClick={props.onToggleHistory}
              className={`${ICON_BUTTON} ${WIDE_ONLY}`}
            >
              <HistoryIcon className="size-4.5" />
              <span className="sr-only">History</span>
            </button>
          )}
          {editable ? (
            <>
              <SaveIndicator status={status} />
              <div role="toolbar" aria-label="Edit" className={`flex items-center gap-0.5 sm:border-l sm:border-slate-200 sm:pl-2 ${WIDE_ONLY}`}>
                <button
                  type="button"
                  aria-label="Undo"
                  title={`Undo (${shortcutOf("undo")})`}
                  aria-keyshortcuts={ariaChord(boardCommand("undo").keys![0]!) ?? undefined}
                  disabled={!canUndo}
                  onClick={props.onUndo}
                  className={ICON_BUTTON}
                >
                  <UndoIcon className="size-4.5" />
                </button>
                <button
                  type="button"
                  aria-label="Redo"
                  title={`Redo (${shortcutOf("redo")})`}
                  aria-keyshortcuts={ariaChord(boardCommand("redo").keys![0]!) ?? undefined}
                  disabled={!canRedo}
                  onClick={props.onRedo}
                  className={ICON_BUTTON}
                >
                  <RedoIcon className="size-4.5" />
                </button>
                <button
                  type="button"
                  aria-pressed={connecting}
                  title="Draw a line between two cards"
                  onClick={props.onToggleConnect}
                  className={`flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium transition-colors ${
                    connecting ? "bg-emerald-100 text-emerald-800 ring-1 ring-emerald-300" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  }`}
                >
                  <ConnectIcon className="size-4.5" />
                  <span className="sr-only sm:not-sr-only">Connect</span>
                </button>
              </div>
              <Button variant="secondary" size="sm" onClick={props.onOpenSettings} className={WIDE_ONLY}>
                <SettingsIcon className="size-4" />
                <span className="sr-only sm:not-sr-only">Settings</span>
              </Button>
              {access === "manage" && (
                <Button size="sm" onClick={props.onOpenShare} className={WIDE_ONLY}>
                  <ShareIcon className="size-4" />
                  Share
                </Button>
              )}
            </>
          ) : (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-slate-600">
              <LockIcon className="size-3.5" />
              <span className="max-sm:sr-only">{access === "comment" ? "Can comment" : "View only"}</span>
            </span>
          )}
          <BoardTransferMenu
            snapId={snap.id}
            title={snap.title}
            editable={editable}
            className={ICON_BUTTON}
            leadingItems={narrow ? boardOverflowItems(props) : undefined}
          />
        </div>
      </div>
    </header>
  );
}
