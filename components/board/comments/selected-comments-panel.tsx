"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/components/http/call-api";
import type { BoardDoc } from "../state/board-types";
import { cardIndex } from "../grid/card-index";
import { cardLabel } from "../canvas/card-label";
import { useSelection, type SelectionStore } from "../state/selection-store";
import { CommentsPanel } from "./comments-panel";
import type { Mentionable } from "./comment-types";
import type { CommentsState } from "./use-comments";

interface SelectedCommentsPanelProps {
  doc: BoardDoc;
  selections: SelectionStore;
  /** The board's card id to the server's (a card made here has one once saved). */
  serverIdOf: (localId: string) => string | undefined;
  comments: CommentsState;
  viewerId: string;
  manages: boolean;
  canComment: boolean;
  focusThreadId: string | null;
  onClose: () => void;
  onError: (message: string) => void;
}

/**
 * The Comments panel for the selection: the selected card's threads, else the board's. It follows
 * the selection itself, so a new selection re-renders this panel and not the editor around it.
 */
export function SelectedCommentsPanel({
  doc,
  selections,
  serverIdOf,
  comments,
  viewerId,
  manages,
  canComment,
  focusThreadId,
  onClose,
  onError,
}: SelectedCommentsPanelProps) {
  const selection = useSelection(selections);
  const people = usePeople(doc.snap.id, doc.snap.sharedWithWorkspace, viewerId);
  const localCard = selection?.kind === "card" ? cardIndex(doc.cards).get(selection.id) : undefined;
  const serverId = localCard ? serverIdOf(localCard.id) : undefined;
  const card = localCard && serverId ? { id: serverId, label: cardLabel(localCard), caption: cardCaption(localCard) } : null;
  return (
    <CommentsPanel
      comments={comments}
      card={card}
      viewerId={viewerId}
      manages={manages}
      canComment={canComment}
      people={people}
      focusThreadId={focusThreadId}
      onClose={onClose}
      onError={onError}
    />
  );
}

/** What the panel's subtitle shows of a card: its text, short, or where it is when it has none. */
function cardCaption(card: BoardDoc["cards"][number]): string {
  const text = card.title.trim().replace(/\s+/g, " ");
  if (!text) return `On the card at row ${card.row + 1}, column ${card.col + 1}`;
  return `On “${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;
}

/**
 * Who can be mentioned: the board's members, and the workspace's members when the snap is shared
 * with it (else only its owner and members read it). The server refuses anyone else by name.
 */
function usePeople(snapId: string, shared: boolean, viewerId: string): Mentionable[] {
  const [people, setPeople] = useState<Mentionable[]>([]);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      callApi<{ members: { user: { id: string; name: string | null; email?: string } }[] }>(`/api/snaps/${snapId}/members`),
      shared ? callApi<{ members: { id: string; name: string | null; email: string }[] }>("/api/workspace/members") : null,
    ]).then(([board, workspace]) => {
      if (cancelled) return;
      const found = new Map<string, Mentionable>();
      if (workspace?.ok) for (const member of workspace.data.members) found.set(member.id, { id: member.id, name: member.name || member.email });
      if (board.ok) for (const { user } of board.data.members) found.set(user.id, { id: user.id, name: user.name || user.email || "Someone" });
      found.delete(viewerId);
      setPeople([...found.values()]);
    });
    return () => {
      cancelled = true;
    };
  }, [snapId, shared, viewerId]);
  return people;
}
