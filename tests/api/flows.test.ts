import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, type TeamMember } from "./fixtures";
import { CARD_DEFAULTS, expectCard } from "./card-fixtures";

// The three typical flows of docs/API.md ("Endpoints"), end to end, as an integration would run them with its API key.
let agent: TeamMember;

beforeAll(async () => {
  agent = (await createTeam()).owner;
});

type Card = { id: string; row: number; col: number; title: string; cellType: string; completed: boolean };

async function readSnap(id: string) {
  const response = await api("GET", `/api/snaps/${id}`, { key: agent.key });
  expect(response.status).toBe(200);
  return response.body.snap as { id: string; updatedAt: string; cards: Card[]; lines: unknown[] };
}

describe("typical flows", () => {
  it("1. create a snap with rows and cols, read it for the card ids, fill the cells with batch update", async () => {
    const created = await api("POST", "/api/snaps", { key: agent.key, body: { title: "Sprint board", rows: 3, cols: 4 } });
    expect(created.status).toBe(201);
    const snapId: string = created.body.snap.id;

    const empty = await readSnap(snapId);
    expect(empty.cards).toHaveLength(12);
    expect(empty.cards.map((card) => [card.row, card.col])).toEqual(Array.from({ length: 12 }, (_, i) => [Math.floor(i / 4), i % 4]));
    empty.cards.forEach((card) => expectCard(card, { id: card.id, snapId, row: card.row, col: card.col }));

    const headers = ["Backlog", "Doing", "Review", "Done"];
    const updates = empty.cards.map((card) =>
      card.row === 0
        ? { id: card.id, title: headers[card.col], bold: true, textAlign: "center", color: "#e2e8f0" }
        : { id: card.id, title: `task ${card.row}.${card.col}`, cellType: "todo" },
    );
    const filled = await api("PATCH", "/api/snaps/cards/batch", { key: agent.key, body: { updates } });
    expect(filled.status).toBe(200);
    expect(filled.body.cards).toHaveLength(12);

    const after = await readSnap(snapId);
    expect(after.cards.map((card) => card.title)).toEqual([
      ...headers,
      "task 1.0",
      "task 1.1",
      "task 1.2",
      "task 1.3",
      "task 2.0",
      "task 2.1",
      "task 2.2",
      "task 2.3",
    ]);
    expect(after.cards).toEqual(filled.body.cards.sort((a: Card, b: Card) => a.row - b.row || a.col - b.col));
    expect(after.cards[0]).toMatchObject({ bold: true, textAlign: "center", color: "#e2e8f0", cellType: "normal" });
    expect(after.cards[4]).toMatchObject({ cellType: "todo", completed: false, bold: false });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(empty.updatedAt));
  });

  it("2. move a card between columns (and complete it) with update card", async () => {
    const created = await api("POST", "/api/snaps", { key: agent.key, body: { title: "Kanban", rows: 2, cols: 3 } });
    expect(created.status).toBe(201);
    const snapId: string = created.body.snap.id;
    const board = await readSnap(snapId);
    const card = board.cards.find((c) => c.row === 1 && c.col === 0)!;
    await api("PATCH", `/api/snaps/cards/${card.id}`, { key: agent.key, body: { title: "Write the report", cellType: "todo" } });

    const moved = await api("PATCH", `/api/snaps/cards/${card.id}`, { key: agent.key, body: { col: 2, completed: true } });
    expect(moved.status).toBe(200);
    expectCard(moved.body.card, { id: card.id, snapId, row: 1, col: 2, title: "Write the report", cellType: "todo", completed: true });

    const after = await readSnap(snapId);
    expect(after.cards.filter((c) => c.id === card.id)).toEqual([moved.body.card]);
    // The card left column 0 and now shares column 2 with that column's own card.
    expect(
      after.cards
        .filter((c) => c.row === 1)
        .map((c) => `${c.col}:${c.title}`)
        .sort(),
    ).toEqual(["1:", "2:", "2:Write the report"]);
  });

  it("3. add to-do items by batch create with cellType todo and completed false", async () => {
    const created = await api("POST", "/api/snaps", { key: agent.key, body: { title: "Groceries" } });
    expect(created.status).toBe(201);
    const snapId: string = created.body.snap.id;
    expect(created.body.snap.cards).toHaveLength(1);

    const items = ["Milk", "Eggs", "Bread"];
    const cards = items.map((title, i) => ({ snapId, row: i + 1, col: 0, title, cellType: "todo", completed: false }));
    const added = await api("POST", "/api/snaps/cards/batch", { key: agent.key, body: { cards } });
    expect(added.status).toBe(201);
    added.body.cards.forEach((card: unknown, i: number) => expectCard(card, cards[i]!));

    const after = await readSnap(snapId);
    expect(after.cards).toHaveLength(4);
    expect(after.cards.slice(1)).toEqual(added.body.cards);
    expect(after.cards.slice(1).map((card) => ({ title: card.title, cellType: card.cellType, completed: card.completed }))).toEqual(
      items.map((title) => ({ title, cellType: "todo", completed: false })),
    );
    expect(after.cards[0]).toMatchObject({ ...CARD_DEFAULTS, row: 0, col: 0 });
  });
});
