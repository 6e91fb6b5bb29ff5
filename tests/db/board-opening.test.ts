/**
 * The board pages' reads (docs/ARCHITECTURE.md, "The board in the browser: loading"): the first
 * window's cards with the snap, then the rest. Together they are exactly the snap's cards, each as
 * the card endpoints answer it, and every card a line ends at comes with the first window.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
const { db } = await import("../../lib/db/client");
const { cardSelect } = await import("../../lib/board-model/card-selects");
const { findSnapOpening } = await import("../../lib/snaps/find-snap-opening");
const { listCardsOutsideWindow } = await import("../../lib/snaps/list-cards-outside-window");

const tag = randomUUID().slice(0, 8);
const ids = { user: `u-${tag}`, workspace: `w-${tag}`, big: `big-${tag}`, small: `small-${tag}` };
const SIZE = 30;

beforeAll(async () => {
  await db.$executeRawUnsafe(`
    INSERT INTO "User" (id, email, "updatedAt") VALUES ('${ids.user}', '${tag}@example.test', now());
    INSERT INTO "Workspace" (id, name) VALUES ('${ids.workspace}', 'Windows');
    INSERT INTO "Snap" (id, "userId", "workspaceId", title, "updatedAt") VALUES
      ('${ids.big}', '${ids.user}', '${ids.workspace}', 'Big', now()), ('${ids.small}', '${ids.user}', '${ids.workspace}', 'Small', now());
    INSERT INTO "Card" (id, "snapId", row, col, title, "colSpan", color, "updatedAt")
      SELECT '${tag}-' || r || '-' || c, '${ids.big}', r, c, 'Card ' || r || '.' || c, CASE WHEN r = 1 AND c = 4 THEN 3 ELSE 1 END,
             CASE WHEN (r + c) % 3 = 0 THEN '#dbeafe' ELSE '' END, now()
      FROM generate_series(0, ${SIZE - 1}) AS r, generate_series(0, ${SIZE - 1}) AS c WHERE NOT (r = 1 AND c IN (5, 6));
    INSERT INTO "Card" (id, "snapId", row, col, "updatedAt") VALUES ('${tag}-small', '${ids.small}', 2, 3, now());
    INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId", "updatedAt") VALUES
      ('${tag}-line', '${ids.big}', '${tag}-0-0', '${tag}-${SIZE - 1}-${SIZE - 1}', now());
  `);
});

afterAll(async () => {
  await db.snap.deleteMany({ where: { id: { in: [ids.big, ids.small] } } });
  await db.workspace.delete({ where: { id: ids.workspace } });
  await db.user.delete({ where: { id: ids.user } });
  await db.$disconnect();
});

describe("a board's first window and the rest", () => {
  it("sends the window's cards and the lines' cards first, the rest after, together every card once", async () => {
    const picked: unknown[] = [];
    const opening = await findSnapOpening({ id: ids.big }, (snap, extent) => {
      picked.push({ cellSpacing: snap.cellSpacing, extent });
      return { rows: 5, cols: 6 };
    });
    expect(picked).toEqual([{ cellSpacing: 8, extent: { rows: SIZE, cols: SIZE } }]);
    expect(opening!.extent).toEqual({ rows: SIZE, cols: SIZE });
    expect(opening!.window).toEqual({ rows: 5, cols: 6 });
    expect(opening!.snap.lines.map((line) => line.id)).toEqual([`${tag}-line`]);

    const first = opening!.snap.cards;
    // Grid order: the window's 30 cells (1,5 covered by the wide card at 1,4), then the line's far end.
    expect(first.every((card) => (card.row < 5 && card.col < 6) || card.id === `${tag}-${SIZE - 1}-${SIZE - 1}`)).toBe(true);
    expect(first).toHaveLength(5 * 6 - 1 + 1);
    expect(first.at(-1)!.id).toBe(`${tag}-${SIZE - 1}-${SIZE - 1}`);
    expect(first.find((card) => card.id === `${tag}-1-4`)!.colSpan).toBe(3);

    const rest = await listCardsOutsideWindow(ids.big, opening!.window!);
    const all = await db.card.findMany({ where: { snapId: ids.big }, select: cardSelect, orderBy: [{ row: "asc" }, { col: "asc" }, { id: "asc" }] });
    expect(all).toHaveLength(SIZE * SIZE - 2);
    expect(new Set([...first, ...rest].map((card) => card.id)).size).toBe(first.length + rest.length);
    const byId = new Map(all.map((card) => [card.id, card]));
    for (const card of [...first, ...rest]) expect(card).toEqual(byId.get(card.id));
    expect(first.length + rest.length).toBe(all.length);
    expect(rest.map((card) => card.id)).toEqual(all.filter((card) => !first.some((sent) => sent.id === card.id)).map((card) => card.id));

    // In bands of rows (by the row a card starts in), the rest is the same cards.
    const bands = await Promise.all([0, 7, 14, 21, 28].map((fromRow) => listCardsOutsideWindow(ids.big, opening!.window!, { fromRow, toRow: fromRow + 7 })));
    expect(bands[1]!.every((card) => card.row >= 7 && card.row < 14)).toBe(true);
    expect(bands.flat()).toEqual(rest);
  });

  it("sends every card at once when they all fit the window (nothing to come)", async () => {
    const opening = await findSnapOpening({ id: ids.small }, () => ({ rows: 5, cols: 6 }));
    expect(opening!.window).toBeNull();
    expect(opening!.extent).toEqual({ rows: 3, cols: 4 });
    expect(opening!.snap.cards.map((card) => card.id)).toEqual([`${tag}-small`]);
  });

  it("finds nothing for a snap that does not exist", async () => {
    expect(await findSnapOpening({ id: `missing-${tag}` }, () => ({ rows: 5, cols: 6 }))).toBeNull();
  });
});
