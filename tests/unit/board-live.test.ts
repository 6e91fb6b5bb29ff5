import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoardStore } from "@/components/board/state/board-store";
import { BoardSync } from "@/components/board/live/board-sync";
import type { BoardCard, BoardDoc } from "@/components/board/state/board-types";
import { blankCard } from "@/components/board/grid/grid-plans";
import type { ChangeMessage } from "@/components/board/live/live-messages";
import { retryDelay } from "@/components/board/live/use-snap-events";
import type { ApiResult } from "@/components/http/call-api";
import { boardSnap } from "./board-fixtures";

type Call = { path: string; method: string; body: any; headers?: Record<string, string> };

function doc(cards = 2): BoardDoc {
  return {
    snap: boardSnap("s1"),
    cards: Array.from({ length: cards }, (_, index) => ({ ...blankCard(`srv${index}`, 0, index), title: `Card ${index}` })),
    lines: [],
  };
}

/**
 * A store at snap version 10 whose saves are answered by `respond` (which may hold the answer back
 * by returning a promise); every answer carries the Snap-Version the test hands out.
 */
function setup(respond: (call: Call) => ApiResult<unknown> | Promise<ApiResult<unknown>>, initial = doc(), restToCome = false) {
  const calls: Call[] = [];
  const request = async <T>(path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const call = { path, method: options.method ?? "GET", body: options.body, headers: options.headers };
    calls.push(call);
    return (await respond(call)) as ApiResult<T>;
  };
  const store = new BoardStore(initial, (events) => new BoardSync(initial.snap.id, initial, events, { request }), 10, restToCome);
  return { store, calls };
}

function answered(version: number, data: unknown): ApiResult<unknown> {
  return { ok: true, status: 200, data, headers: new Headers({ "Snap-Version": String(version) }) };
}

/** POST …/changes answered as the server would, at `version`. */
function changesAnswer(body: any, version: number, newIds: string[] = []) {
  return {
    version,
    created: (body.create ?? []).map((card: any, index: number) => ({ ...card, id: newIds[index] ?? `new${index}`, snapId: "s1" })),
    updated: (body.update ?? []).map((update: any) => ({ ...blankCard(update.id, 0, 0), ...update, snapId: "s1" })),
    deleted: body.delete ?? [],
  };
}
const patchAt = (version: number) => (call: Call) => answered(version, changesAnswer(call.body, version));

function change(version: number, fields: Partial<ChangeMessage> = {}): ChangeMessage {
  return {
    version,
    baseVersion: version - 1,
    actor: { userId: "u2", name: "Alex Smith" },
    cards: [],
    cardFields: {},
    deletedCardIds: [],
    lines: [],
    deletedLineIds: [],
    snap: null,
    ...fields,
  };
}

const card = (store: BoardStore, id: string) => store.getDoc().cards.find((candidate) => candidate.id === id);
const withFields = (base: BoardCard, fields: Partial<BoardCard>) => ({ ...base, ...fields, snapId: "s1" });
const settle = () => vi.runAllTimersAsync();

describe("the board under other people's changes", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("applies cards, lines, deletes and snap fields of someone else's write", () => {
    const { store } = setup(patchAt(11));
    const [a, b] = doc().cards;
    store.remote.receive(
      change(11, {
        cards: [withFields(a!, { row: 3, col: 2, title: "Moved" }), withFields(blankCard("srv9", 5, 5), { title: "New" })],
        cardFields: { srv0: ["row", "col", "title"] },
        deletedCardIds: [b!.id],
        lines: [{ id: "l1", fromCardId: "srv0", toCardId: "srv9", color: "#000000", style: "solid", arrow: "end", snapId: "s1" }],
        snap: { title: "Renamed", rowHeights: { "0": 120 } },
      }),
    );
    const after = store.getDoc();
    expect(after.cards.map((c) => [c.id, c.row, c.col, c.title])).toEqual([
      ["srv0", 3, 2, "Moved"],
      ["srv9", 5, 5, "New"],
    ]);
    expect(after.lines.map((line) => line.id)).toEqual(["l1"]);
    expect(after.snap).toMatchObject({ title: "Renamed", rowHeights: { "0": 120 } });
    expect(store.remote.version).toBe(11);
    expect(store.getNotice()).toBeNull();
  });

  it("ignores an event it already has", () => {
    const { store } = setup(patchAt(11));
    store.remote.receive(change(11, { snap: { title: "First" } }));
    store.remote.receive(change(11, { snap: { title: "Again" } }));
    store.remote.receive(change(9, { snap: { title: "Old" } }));
    expect(store.getDoc().snap.title).toBe("First");
  });

  it("does not apply its own write twice, even when the echo comes before the response", async () => {
    let answer!: (result: ApiResult<unknown>) => void;
    const { store, calls } = setup(() => new Promise((resolve) => (answer = resolve)));
    store.apply([{ type: "createCards", cards: [blankCard("local-1", 4, 0)], lines: [] }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    // The stream is quicker than the HTTP answer: the echo must wait for it, then be dropped.
    store.remote.receive(
      change(11, { actor: { userId: "me", name: "Me" }, cards: [withFields(blankCard("srv-new", 4, 0), {})], cardFields: { "srv-new": ["row"] } }),
    );
    expect(store.getDoc().cards).toHaveLength(3);
    answer(answered(11, changesAnswer(calls[0]!.body, 11, ["srv-new"])));
    await settle();
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv0", "srv1", "local-1"]);
    expect(store.remote.version).toBe(11);
    // Taken for someone else's write, the echo would stop undo from deleting the new card.
    store.undo();
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv0", "srv1"]);
    expect(store.getNotice()).toBeNull();
  });

  it("sends the version an edit was based on as Base-Version", async () => {
    const { store, calls } = setup(patchAt(11));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "x" } }] }], { baseVersion: 7 });
    await settle();
    expect(calls[0]!.headers).toMatchObject({ "Base-Version": "7" });
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "x" }, after: { title: "y" } }] }]);
    await settle();
    expect(calls[1]!.headers).toMatchObject({ "Base-Version": "10" });
  });

  it("keeps an unsaved edit over a remote change of the same card, and says so naming the person and the card", async () => {
    const { store, calls } = setup(patchAt(12));
    const base = doc().cards[0]!;
    // Typing: it waits for a quiet moment, unsent, when the remote change comes.
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } }] }], { key: "title:srv0" });
    store.remote.receive(change(11, { cards: [withFields(base, { title: "Theirs", color: "#fee2e2" })], cardFields: { srv0: ["title", "color"] } }));
    expect(card(store, "srv0")).toMatchObject({ title: "Mine", color: "#fee2e2" });
    expect(store.getNotice()).toMatchObject({
      tone: "info",
      message: "Alex Smith changed the text of “Mine” while you were editing it. Your edit is kept and replaces theirs.",
    });
    await settle();
    expect(calls[0]!.body.update).toEqual([{ id: "srv0", title: "Mine" }]);
  });

  it("tells me when someone's write replaced a field I had saved after the version they started from", async () => {
    const { store } = setup(patchAt(11));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } }] }]);
    await settle();
    store.remote.receive(change(11, { actor: { userId: "me", name: "Me" } }));
    expect(store.getNotice()).toBeNull();
    // Based on version 10: they had not seen my edit of version 11.
    store.remote.receive(change(12, { baseVersion: 10, cards: [withFields(card(store, "srv0")!, { title: "Theirs" })], cardFields: { srv0: ["title"] } }));
    expect(card(store, "srv0")!.title).toBe("Theirs");
    expect(store.getNotice()?.message).toBe("Alex Smith changed the text of “Mine” after your edit. Their change replaced yours.");
  });

  it("names the person whose write mine replaced when mine waited (offline) and theirs came between, as the answer says", async () => {
    const waits: ApiResult<unknown>[] = [{ ok: false, status: 0, error: { code: "NETWORK", message: "offline" } }];
    // Alex wrote srv0's title and srv1's colour at 12 while mine (made on 10) waited; the server, taking mine at 13, names them.
    const overwritten = [
      { cardId: "srv0", field: "title", by: { userId: "u2", name: "Alex Smith" }, version: 12, value: "Theirs" },
      { cardId: "srv1", field: "color", by: { userId: "u2", name: "Alex Smith" }, version: 12, value: "#fee2e2" },
    ];
    const { store, calls } = setup((call) => waits.shift() ?? answered(13, { ...changesAnswer(call.body, 13), overwritten, missing: [] }));
    store.apply([
      {
        type: "updateCards",
        updates: [
          { id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } },
          { id: "srv1", before: { color: "" }, after: { color: "#dbeafe" } },
        ],
      },
    ]);
    await settle();
    expect(store.getSaveState().phase).toBe("saved");
    expect(calls.at(-1)!.headers?.["Base-Version"]).toBe("10");
    expect(card(store, "srv0")!.title).toBe("Mine");
    expect(store.getNotice()).toMatchObject({
      tone: "info",
      message:
        "Alex Smith changed 2 of the cards you edited while your edits were waiting to be saved. Yours were saved later and replaced theirs, which stay in the history.",
    });
    // Their event, heard later and read before mine was saved (it carries their title), says nothing more and changes nothing of mine.
    store.dismissNotice();
    store.remote.receive(
      change(12, { baseVersion: 11, cards: [withFields(card(store, "srv0")!, { title: "Theirs", bold: true })], cardFields: { srv0: ["title", "bold"] } }),
    );
    expect(store.getNotice()).toBeNull();
    expect(card(store, "srv0")).toMatchObject({ title: "Mine", bold: true });
  });

  it("says who deleted a card I edited while my edit waited, and does not bring it back", async () => {
    const missing = [{ cardId: "srv0", deletedBy: { userId: "u3", name: "Carol" }, version: 12 }];
    const { store, calls } = setup((call) =>
      answered(13, { ...changesAnswer({ update: call.body.update.filter((item: any) => item.id !== "srv0") }, 13), overwritten: [], missing }),
    );
    store.apply([
      {
        type: "updateCards",
        updates: [
          { id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } },
          { id: "srv1", before: { title: "Card 1" }, after: { title: "Also mine" } },
        ],
      },
    ]);
    await settle();
    expect(calls[0]!.body.skipMissing).toBe(true);
    expect(store.getDoc().cards.map((c) => [c.id, c.title])).toEqual([["srv1", "Also mine"]]);
    expect(store.getNotice()?.message).toBe("“Mine” was deleted by Carol meanwhile; your edit of it was not saved.");
    // A later edit of it is not sent, and a late event about it (an edit from before the delete) does not bring it back.
    store.remote.receive(change(11, { cards: [withFields(blankCard("srv0", 0, 0), { title: "Card 0" })], cardFields: { srv0: ["title"] } }));
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv1"]);
  });

  it("says nothing when the other edit was made after seeing mine", async () => {
    const { store } = setup(patchAt(11));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } }] }]);
    await settle();
    store.remote.receive(change(12, { baseVersion: 11, cards: [withFields(card(store, "srv0")!, { title: "Theirs" })], cardFields: { srv0: ["title"] } }));
    expect(card(store, "srv0")!.title).toBe("Theirs");
    expect(store.getNotice()).toBeNull();
  });

  it("counts the card open in the inline editor as being edited", () => {
    const { store } = setup(patchAt(11));
    store.remote.setEditing("srv1");
    store.remote.receive(change(11, { cards: [withFields(doc().cards[1]!, { title: "Theirs" })], cardFields: { srv1: ["title"] } }));
    expect(store.getNotice()?.message).toMatch(/^Alex Smith changed the text of “Card 1” while you were editing it/);
  });

  it("undo leaves alone a field someone else changed since, and says so", async () => {
    const { store, calls } = setup(patchAt(11));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0", bold: false }, after: { title: "Mine", bold: true } }] }]);
    await settle();
    store.remote.receive(change(12, { cards: [withFields(card(store, "srv0")!, { title: "Theirs" })], cardFields: { srv0: ["title"] } }));
    store.undo();
    expect(card(store, "srv0")).toMatchObject({ title: "Theirs", bold: false });
    expect(store.getNotice()).toMatchObject({ tone: "info", message: expect.stringContaining("Undo left out what Alex Smith changed since") });
    await settle();
    expect(calls.at(-1)!.body.update).toEqual([{ id: "srv0", bold: false }]);
  });

  it("skips an undo step entirely when all of it was changed by someone else since", async () => {
    const { store } = setup(patchAt(11));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } }] }]);
    await settle();
    store.remote.receive(change(12, { cards: [withFields(card(store, "srv0")!, { title: "Theirs" })], cardFields: { srv0: ["title"] } }));
    store.undo();
    expect(card(store, "srv0")!.title).toBe("Theirs");
    expect(store.getNotice()?.message).toMatch(/^Undo skipped: Alex Smith has changed this since/);
  });

  it("undo still reverts my edit when the other change came before it", async () => {
    const { store } = setup(patchAt(12));
    store.remote.receive(change(11, { cards: [withFields(doc().cards[0]!, { title: "Theirs" })], cardFields: { srv0: ["title"] } }));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Theirs" }, after: { title: "Mine" } }] }]);
    await settle();
    store.undo();
    expect(card(store, "srv0")!.title).toBe("Theirs");
  });

  it("does not bring back a card it deleted when an older event about it arrives late", async () => {
    let answer!: (result: ApiResult<unknown>) => void;
    const { store } = setup(() => new Promise((resolve) => (answer = resolve)));
    store.apply([{ type: "deleteCards", cards: [card(store, "srv1")!], lines: [] }]);
    await vi.advanceTimersByTimeAsync(0);
    store.remote.receive(change(11, { cards: [withFields(doc().cards[1]!, { title: "Theirs" })], cardFields: { srv1: ["title"] } }));
    answer(answered(12, changesAnswer({ delete: ["srv1"] }, 12)));
    await settle();
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv0"]);
  });

  it("tells me when someone deletes the card I am editing", () => {
    const { store } = setup(patchAt(11));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } }] }], { key: "title:srv0" });
    store.remote.receive(change(11, { deletedCardIds: ["srv0"] }));
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv1"]);
    expect(store.getNotice()?.message).toBe("Alex Smith deleted “Mine” while you were editing it.");
  });

  it("after a reset takes the server's snap as it is now, keeping unsaved edits", () => {
    const { store } = setup(patchAt(30));
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } }] }], { key: "title:srv0" });
    const server = doc();
    store.remote.resetTo({
      ...server.snap,
      title: "Fresh",
      version: 20,
      cards: [withFields(server.cards[0]!, { color: "#dbeafe" }), withFields(blankCard("srv7", 2, 2), {})],
      lines: [],
    });
    expect(store.getDoc().cards.map((c) => [c.id, c.title, c.color])).toEqual([
      ["srv0", "Mine", "#dbeafe"],
      ["srv7", "", ""],
    ]);
    expect(store.getDoc().snap.title).toBe("Fresh");
    expect(store.remote.version).toBe(20);
  });

  it("reads the snap again after someone's change too large to carry its cards, not after its own", async () => {
    const { store } = setup(patchAt(11));
    const rereads: number[] = [];
    // Someone else's: applied as far as it goes (the deletes), and the reset that follows reads the snap.
    store.remote.receive(change(11, { cardsOmitted: true, cardFields: { srv1: ["row"] }, deletedCardIds: ["srv0"] }));
    store.remote.reset(11, () => rereads.push(11));
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv1"]);
    expect(rereads).toEqual([11]);
    // Mine: the board shows it already, even when the echo and its reset come before the answer.
    let answer!: () => void;
    const { store: mine } = setup((call) => new Promise((resolve) => (answer = () => resolve(patchAt(11)(call)))));
    mine.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { row: 0 }, after: { row: 5 } }] }]);
    await vi.advanceTimersByTimeAsync(0);
    mine.remote.receive(change(11, { actor: { userId: "me", name: "Me" }, cardsOmitted: true, cardFields: { srv0: ["row"] } }));
    mine.remote.reset(11, () => rereads.push(111));
    answer();
    await settle();
    expect(rereads).toEqual([11]);
    expect(card(mine, "srv0")!.row).toBe(5);
    // A reset that follows no omitted change (events were pruned) always reads.
    mine.remote.reset(40, () => rereads.push(40));
    expect(rereads).toEqual([11, 40]);
  });
});

describe("reconnecting", () => {
  it("waits longer after each failure, up to a cap, with jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 8].map((attempt) => retryDelay(attempt, 0.5))).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect(retryDelay(0, 0)).toBe(800);
    expect(retryDelay(0, 1)).toBe(1200);
  });
});

describe("a board whose first window came first", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const far = (id: string, title: string) => ({ ...blankCard(id, 40, 60), title });

  it("takes the rest of the cards as the server's, and applies the live changes that waited for them", async () => {
    const { store, calls } = setup(patchAt(12), doc(), true);
    expect(store.loadingRest).toBe(true);
    // A change naming a card that is not loaded yet waits for the rest, not to be lost or half applied.
    store.remote.receive(change(11, { cards: [withFields(far("srv-far", "Changed live"), {})], cardFields: { "srv-far": ["title"] } }));
    expect(card(store, "srv-far")).toBeUndefined();
    expect(store.remote.version).toBe(10);

    // The rest was read before that change; a card the board already has keeps its state here.
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Card 0" }, after: { title: "Mine" } }] }], { key: "title:srv0" });
    store.receiveRest([far("srv-far", "Far"), { ...blankCard("srv0", 0, 0), title: "Stale" }]);
    expect(store.loadingRest).toBe(true);
    expect(store.remote.version).toBe(10);
    store.receiveRest([far("srv-other", "Other")]);
    store.restComplete();
    expect(store.loadingRest).toBe(false);
    expect(store.getDoc().cards.map((c) => [c.id, c.title])).toEqual([
      ["srv0", "Mine"],
      ["srv1", "Card 1"],
      ["srv-far", "Changed live"],
      ["srv-other", "Other"],
    ]);
    expect(store.remote.version).toBe(11);

    // A card of the rest is saved under its own id, like any loaded card.
    store.apply([{ type: "updateCards", updates: [{ id: "srv-other", before: { title: "Other" }, after: { title: "Edited" } }] }]);
    await settle();
    expect(calls.flatMap((call) => call.body.update)).toEqual([
      { id: "srv0", title: "Mine" },
      { id: "srv-other", title: "Edited" },
    ]);
  });

  it("does not bring back a card deleted here before the rest arrived", async () => {
    const { store } = setup(patchAt(11), doc(), true);
    store.apply([{ type: "deleteCards", cards: [card(store, "srv1")!], lines: [] }]);
    await settle();
    store.receiveRest([{ ...blankCard("srv1", 0, 1), title: "Card 1" }, far("srv-far", "Far")]);
    store.restComplete();
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv0", "srv-far"]);
  });

  it("holds edits planned over the whole board until every card is there, and says so", () => {
    const { store } = setup(patchAt(11), doc(), true);
    expect(store.requireWholeBoard()).toBe(false);
    expect(store.getNotice()).toMatchObject({ tone: "error", message: "The board is still loading. Try again in a moment." });
    store.receiveRest([far("srv-far", "Far")]);
    expect(store.requireWholeBoard()).toBe(false);
    store.restComplete();
    expect(store.requireWholeBoard()).toBe(true);
  });

  it("stays usable when the rest cannot come: says so, applies live changes, refuses whole-board plans", () => {
    const { store } = setup(patchAt(11), doc(), true);
    store.remote.receive(change(11, { snap: { title: "Renamed" } }));
    store.restFailed();
    expect(store.getNotice()).toMatchObject({ tone: "error", message: "Part of this board could not be loaded. Reload the page to see all of it." });
    expect(store.getDoc().snap.title).toBe("Renamed");
    expect(store.requireWholeBoard()).toBe(false);
  });
});
