import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PublicBoard } from "@/components/board/public-board";
import { firstWindow, restOfBoard } from "@/components/board/grid/rest-of-board";
import { packBoardDoc, toBoardDoc } from "@/components/board/state/to-board-doc";
import { getPublicSnapByToken } from "@/lib/snaps/get-public-snap-by-token";
import { listCardsOutsideWindow } from "@/lib/snaps/list-cards-outside-window";

interface PublicPageProps {
  params: Promise<{ token: string }>;
}

const loadPublicSnap = cache((token: string) => getPublicSnapByToken(token, firstWindow));

/** Share links are unguessable on purpose: search engines must not list them. */
const NOINDEX: Metadata["robots"] = { index: false, follow: false };

export async function generateMetadata({ params }: PublicPageProps): Promise<Metadata> {
  const opening = await loadPublicSnap((await params).token);
  return { title: opening?.snap.title ?? "Snap not found", robots: NOINDEX };
}

/** A public snap, read-only, without signing in: 404 for an unknown token or a snap made private again. */
export default async function PublicSnapPage({ params }: PublicPageProps) {
  const opening = await loadPublicSnap((await params).token);
  if (!opening) notFound();
  return (
    <PublicBoard
      doc={packBoardDoc(toBoardDoc(opening.snap))}
      rest={restOfBoard(opening, (window, band) => listCardsOutsideWindow(opening.snap.id, window, band))}
    />
  );
}
