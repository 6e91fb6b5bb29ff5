import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BoardEditor } from "@/components/board/board-editor";
import { NoAccess } from "@/components/board/no-access";
import { firstWindow, restOfBoard } from "@/components/board/grid/rest-of-board";
import { packBoardDoc, snapVersion, toBoardDoc } from "@/components/board/state/to-board-doc";
import { requirePagePrincipal } from "@/lib/auth/get-page-principal";
import { listCardsOutsideWindow } from "@/lib/snaps/list-cards-outside-window";
import { loadSnapForViewer } from "@/lib/snaps/load-snap-for-viewer";

interface BoardPageProps {
  params: Promise<{ id: string }>;
  /** `card`: a card to select and scroll to (search results link to it); `comment`: the thread to open. */
  searchParams: Promise<{ card?: string | string[]; comment?: string | string[] }>;
}

/** Shared by the metadata and the page within one request. */
const loadBoard = cache(async (id: string) => loadSnapForViewer(await requirePagePrincipal(), id, firstWindow));

export async function generateMetadata({ params }: BoardPageProps): Promise<Metadata> {
  const result = await loadBoard((await params).id);
  return { title: result.status === "ok" ? result.opening.snap.title : result.status === "forbidden" ? "No access" : "Snap not found" };
}

/**
 * The board: 404 for a snap that does not exist, a "no access" page for one the caller may not see.
 * The first window's cards are in the page; the others follow in the same response.
 */
export default async function BoardPage({ params, searchParams }: BoardPageProps) {
  const result = await loadBoard((await params).id);
  const { card, comment } = await searchParams;
  if (result.status === "not-found") notFound();
  if (result.status === "forbidden") return <NoAccess />;
  const { snap } = result.opening;
  return (
    <BoardEditor
      initialDoc={packBoardDoc(toBoardDoc(snap))}
      initialVersion={snapVersion(snap)}
      access={result.access}
      rest={restOfBoard(result.opening, (window, band) => listCardsOutsideWindow(snap.id, window, band))}
      focusCardId={typeof card === "string" ? card.slice(0, 64) : null}
      viewerId={(await requirePagePrincipal()).userId}
      focusCommentId={typeof comment === "string" ? comment : null}
    />
  );
}
