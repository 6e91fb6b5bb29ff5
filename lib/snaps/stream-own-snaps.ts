import "server-only";
import type { Principal } from "@/lib/request/principal";
import { cardGridOrder, cardListSelect } from "@/lib/board-model/card-selects";
import { db } from "@/lib/db/client";
import { snapFieldsSelect } from "../board-model/snap-selects";

/** Snaps read per page of the listing. */
const SNAPS_PER_PAGE = 50;
/** Cards read at once: a snap's are read whole (an import holds at most 20,000), others' together up to this. */
const CARDS_PER_READ = 20_000;

type SnapFields = Awaited<ReturnType<typeof readPage>>[number];

/**
 * GET /api/snaps as a stream: `{"snaps":[…]}` byte for byte as one JSON body would be (most recently
 * updated first, each card its nine layout fields in grid order), written a few snaps at a time.
 * The listing has no page (the spec answers every snap), so it is read in pages of snaps and groups
 * of at most CARDS_PER_READ cards, each written before the next is read: its memory follows one
 * group, not the caller's whole account (docs/API.md, "Bounds").
 */
export function streamOwnSnaps(principal: Principal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: { updatedAt: Date; id: string } | null = null;
  let written = 0;
  let lastPage = false;
  let groups: SnapFields[][] = [];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (groups.length === 0) {
        if (lastPage) {
          controller.enqueue(encoder.encode(written === 0 ? '{"snaps":[]}' : "]}"));
          controller.close();
          return;
        }
        const page = await readPage(principal.userId, cursor);
        lastPage = page.length < SNAPS_PER_PAGE;
        const last = page.at(-1);
        if (last) cursor = { updatedAt: last.updatedAt, id: last.id };
        groups = await groupByCards(page);
        if (groups.length === 0) return; // an empty page: the next pull ends the body
      }
      const group = groups.shift()!;
      const cards = await readCards(group.map((snap) => snap.id));
      let text = "";
      for (const snap of group) {
        text += `${written++ === 0 ? '{"snaps":[' : ","}${JSON.stringify({ ...snap, cards: cards.get(snap.id) ?? [] })}`;
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}

function readPage(userId: string, after: { updatedAt: Date; id: string } | null) {
  return db.snap.findMany({
    where: {
      userId,
      ...(after ? { OR: [{ updatedAt: { lt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { gt: after.id } }] } : {}),
    },
    select: snapFieldsSelect,
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: SNAPS_PER_PAGE,
  });
}

/** The page's snaps in order, cut into groups of at most CARDS_PER_READ cards (a larger snap alone). */
async function groupByCards(page: SnapFields[]): Promise<SnapFields[][]> {
  if (page.length === 0) return [];
  const counts = await db.card.groupBy({ by: ["snapId"], where: { snapId: { in: page.map((snap) => snap.id) } }, _count: { _all: true } });
  const countOf = new Map(counts.map((row) => [row.snapId, row._count._all]));
  const groups: SnapFields[][] = [];
  let current: SnapFields[] = [];
  let cards = 0;
  for (const snap of page) {
    const count = countOf.get(snap.id) ?? 0;
    if (current.length > 0 && cards + count > CARDS_PER_READ) {
      groups.push(current);
      current = [];
      cards = 0;
    }
    current.push(snap);
    cards += count;
  }
  groups.push(current);
  return groups;
}

async function readCards(snapIds: string[]) {
  const rows = await db.card.findMany({
    where: { snapId: { in: snapIds } },
    select: { ...cardListSelect, snapId: true },
    orderBy: cardGridOrder,
  });
  const bySnap = new Map<string, Omit<(typeof rows)[number], "snapId">[]>();
  for (const { snapId, ...card } of rows) {
    const list = bySnap.get(snapId);
    if (list) list.push(card);
    else bySnap.set(snapId, [card]);
  }
  return bySnap;
}
