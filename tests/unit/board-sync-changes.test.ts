import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoardStore } from "@/components/board/state/board-store";
import { BoardSync } from "@/components/board/live/board-sync";
import type { BoardDoc } from "@/components/board/state/board-types";
import { blankCard } from "@/components/board/grid/grid-plans";
import type { ApiResult } from "@/components/http/call-api";
import { boardSnap } from "./board-fixtures";

/** A card's fields without its id, as the clipboard and a create carry them. */
function withoutId<T extends { id?: unknown }>(card: T): Omit<T, "id"> {
  const fields: Partial<T> = { ...card };
  delete fields.id;
  return fields as Omit<T, "id">;
}

type Call = { path: string; method: string; body: any };

function doc(cards = 3): BoardDoc {
  return {
    snap: boardSnap("s1"),
    cards: Array.from({ length: cards }, (_, index) => ({ ...blankCard(`srv${index}`, 0, index), title: `c${index}` })),
    lines: [],
  };
}

function setup(initial: BoardDoc, respond: (call: Call) => ApiResult<unknown>) {
  const calls: Call[] = [];
  const request = async <T>(path: string, options: { method?: string; body?: unknown } = {}) => {
    const call = { path, method: options.method ?? "GET", body: options.body };
    calls.push(call);
    return respond(call) as ApiResult<T>;
  };
  const store = new BoardStore(initial, (events) => new BoardSync(initial.snap.id, initial, events, { request }));
  return { store, calls };
}

/** What POST /api/snaps/:id/changes answers for a body. */
function answer(body: any, version = 7) {
  let created = 0;
  return {
    ok: true as const,
    status: 200,
    data: {
      version,
      created: (body.create ?? []).map((card: any) => ({ ...card, id: `new${(created += 1)}`, snapId: "s1" })),
      updated: (body.update ?? []).map((update: any) => ({ ...blankCard(update.id, 0, 0), ...update, snapId: "s1" })),
      deleted: body.delete ?? [],
    },
  };
}

describe("a gesture over several cards", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is one POST …/changes, in the server's ids, and its undo is one more", async () => {
    const { store, calls } = setup(doc(), ({ body }) => answer(body));
    const [a, b, c] = store.getDoc().cards;
    const pasted = { ...blankCard("local-p", 2, 0), title: "P" };
    store.apply([
      { type: "deleteCards", cards: [c!], lines: [] },
      {
        type: "updateCards",
        updates: [
          { id: a!.id, before: { row: 0 }, after: { row: 1 } },
          { id: b!.id, before: { row: 0 }, after: { row: 1 } },
        ],
      },
      { type: "createCards", cards: [pasted], lines: [] },
    ]);
    await vi.runAllTimersAsync();
    expect(calls).toEqual([
      {
        path: "/api/snaps/s1/changes",
        method: "POST",
        body: {
          create: [{ ...pasted, id: undefined }].map(withoutId),
          update: [
            { id: "srv0", row: 1 },
            { id: "srv1", row: 1 },
          ],
          delete: ["srv2"],
          skipMissing: true,
        },
      },
    ]);
    store.undo();
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({
      path: "/api/snaps/s1/changes",
      body: {
        update: [
          { id: "srv0", row: 0 },
          { id: "srv1", row: 0 },
        ],
        delete: ["new1"],
      },
    });
    expect(calls[1]!.body.create).toHaveLength(1);
    expect(store.getDoc().cards.map((card) => [card.id, card.row])).toEqual([
      ["srv0", 0],
      ["srv1", 0],
      ["srv2", 0],
    ]);
    expect(store.getSaveState().phase).toBe("saved");
  });

  it("refused, rolls every card of the gesture back and says why", async () => {
    const { store } = setup(doc(), () => ({ ok: false, status: 409, error: { code: "CONFLICT", message: "Cards c0 and c9 would overlap" } }));
    const before = store.getDoc().cards;
    const [a, b] = before;
    store.apply([
      { type: "deleteCards", cards: [b!], lines: [] },
      { type: "updateCards", updates: [{ id: a!.id, before: { title: "c0" }, after: { title: "changed" } }] },
      { type: "createCards", cards: [blankCard("local-x", 5, 5)], lines: [] },
    ]);
    await vi.runAllTimersAsync();
    expect([...store.getDoc().cards].sort((x, y) => x.id.localeCompare(y.id))).toEqual(before);
    expect(store.getNotice()).toMatchObject({ tone: "error", message: expect.stringContaining("Cards c0 and c9 would overlap") });
  });
});
