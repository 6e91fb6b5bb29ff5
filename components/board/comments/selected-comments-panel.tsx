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
  focusThreadId,
  onClose,
  onError,
}: SelectedCommentsPanelProps) {
  const selection = useSelection(selections);
  const people = usePeople(doc.snap.sharedWithWorkspace, viewerId);
  const localCard = selection?.kind === "card" ? cardIndex(doc.cards).get(selection.id) : undefined;
  const serverId = localCard ? serverIdOf(localCard.id) : undefined;
  const card = localCard && serverId ? { id: serverId, label: cardLabel(localCard) } : null;
  return (
    <CommentsPanel
      comments={comments}
      card={card}
      viewerId={viewerId}
      manages={manages}
      people={people}
      focusThreadId={focusThreadId}
      onClose={onClose}
      onError={onError}
    />
  );
}

/** Who can be mentioned: the workspace's members when the snap is shared with it (else only its owner reads it). */
function usePeople(shared: boolean, viewerId: string): Mentionable[] {
  const [people, setPeople] = useState<Mentionable[]>([]);
  useEffect(() => {
    if (!shared) return;
    let cancelled = false;
    void callApi<{ members: { id: string; name: string | null; email: string }[] }>("/api/workspace/members").then((result) => {
      if (cancelled || !result.ok) return;
      setPeople(result.data.members.filter((member) => member.id !== viewerId).map((member) => ({ id: member.id, name: member.name || member.email })));
    });
    return () => {
      cancelled = true;
    };
  }, [shared, viewerId]);
  return shared ? people : [];
}
