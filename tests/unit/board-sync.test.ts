import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoardIdMap } from "@/components/board/state/board-id-map";
import { BoardStore } from "@/components/board/state/board-store";
import { BoardSync } from "@/components/board/live/board-sync";
import { QUIET_MS } from "@/components/board/live/board-outbox";
import type { BoardDoc } from "@/components/board/state/board-types";
import { blankCard } from "@/components/board/grid/grid-plans";
import { newLocalId } from "@/components/board/state/new-local-id";
import type { ApiResult } from "@/components/http/call-api";
import { boardSnap } from "./board-fixtures";

type Call = { path: string; method: string; body: any };

function doc(cards = 3): BoardDoc {
  return {
    snap: boardSnap("s1"),
    cards: Array.from({ length: cards }, (_, index) => ({ ...blankCard(`srv${index}`, 0, index) })),
    lines: [],
  };
}

/** A store whose saves go to `respond` instead of the network. */
function setup(initial: BoardDoc, respond: (call: Call) => ApiResult<unknown>) {
  const calls: Call[] = [];
  const request = async <T>(path: string, options: { method?: string; body?: unknown } = {}) => {
    const call = { path, method: options.method ?? "GET", body: options.body };
    calls.push(call);
    return respond(call) as ApiResult<T>;
  };
  const store = new BoardStore(initial, (events) => new BoardSync(initial.snap.id, initial, events, { request: request }));
  return { store, calls };
}

/** What POST /api/snaps/:id/changes answers for a body; created cards are `<prefix><n>`. */
function changesAnswer(body: any, prefix = "new", version = 7): ApiResult<unknown> {
  let created = 0;
  return {
    ok: true,
    status: 200,
    data: {
      version,
      created: (body.create ?? []).map((card: any) => ({ ...card, id: `${prefix}${(created += 1)}`, snapId: "s1" })),
      updated: (body.update ?? []).map((update: any) => ({ ...blankCard(update.id, 0, 0), ...update, snapId: "s1" })),
      deleted: body.delete ?? [],
    },
  };
}

const settle = async () => {
  await vi.runAllTimersAsync();
};

describe("saving the board", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends each gesture as one POST …/changes, in order, and merges typing into one change after a quiet moment", async () => {
    const { store, calls } = setup(doc(), ({ body }) => changesAnswer(body));
    const [a, b] = store.getDoc().cards;
    store.apply([{ type: "updateCards", updates: [{ id: a!.id, before: { title: "" }, after: { title: "x" } }] }], { key: `title:${a!.id}` });
    store.apply([{ type: "updateCards", updates: [{ id: a!.id, before: { title: "x" }, after: { title: "xy" } }] }], { key: `title:${a!.id}` });
    expect(calls).toHaveLength(0);
    expect(store.getSaveState()).toEqual({ phase: "saving", pending: 1 });
    store.apply([{ type: "updateCards", updates: [{ id: b!.id, before: { bold: false }, after: { bold: true } }] }]);
    await settle();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ["POST", "/api/snaps/s1/changes", { update: [{ id: "srv0", title: "xy" }], skipMissing: true }],
      ["POST", "/api/snaps/s1/changes", { update: [{ id: "srv1", bold: true }], skipMissing: true }],
    ]);
    expect(store.getSaveState()).toEqual({ phase: "saved", pending: 0 });
  });

  it("rolls a failed edit back to the server's state, says why, and clears the history", async () => {
    const { store } = setup(doc(), () => ({ ok: false, status: 403, error: { code: "FORBIDDEN", message: "You may not edit this snap" } }));
    const id = store.getDoc().cards[0]!.id;
    store.apply([{ type: "updateCards", updates: [{ id, before: { title: "" }, after: { title: "lost" } }] }]);
    expect(store.getDoc().cards[0]!.title).toBe("lost");
    await settle();
    expect(store.getDoc().cards[0]!.title).toBe("");
    expect(store.getSaveState().phase).toBe("error");
    expect(store.getNotice()).toMatchObject({ tone: "error", message: expect.stringContaining("You may not edit this snap") });
    expect(store.getHistory()).toEqual({ canUndo: false, canRedo: false });
  });

  it("a card of the rest of the board, edited twice and refused, goes back to how it came", async () => {
    const refused = { ok: false as const, status: 403, error: { code: "FORBIDDEN", message: "You may not edit this snap" } };
    const initial = doc(1);
    const store = new BoardStore(initial, (events) => new BoardSync(initial.snap.id, initial, events, { request: async () => refused }), 0, true);
    const far = { ...blankCard("srv9", 40, 40), title: "Far", color: "#dbeafe" };
    store.receiveRest([far]);
    store.restComplete();
    store.apply([{ type: "updateCards", updates: [{ id: far.id, before: { title: "Far" }, after: { title: "Farther" } }] }]);
    store.apply([{ type: "updateCards", updates: [{ id: far.id, before: { color: "#dbeafe" }, after: { color: "" } }] }]);
    expect(store.getDoc().cards[1]).toMatchObject({ title: "Farther", color: "" });
    await settle();
    expect(store.getDoc().cards[1]).toEqual(far);
    expect(store.getSaveState().phase).toBe("error");
  });

  it("creates with the board's own id, then updates under the server's id", async () => {
    const { store, calls } = setup(doc(1), ({ body }) => changesAnswer(body));
    const card = blankCard("local-1", 0, 1);
    store.apply([{ type: "createCards", cards: [card], lines: [] }]);
    store.apply([{ type: "updateCards", updates: [{ id: "local-1", before: { title: "" }, after: { title: "hello" } }] }]);
    await settle();
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/snaps/s1/changes", body: { create: [{ row: 0, col: 1 }] } });
    expect(calls[0]!.body.create[0]).not.toHaveProperty("id");
    expect(calls[1]).toMatchObject({ method: "POST", body: { update: [{ id: "new1", title: "hello" }] } });
    expect(store.getDoc().cards.map((c) => c.id)).toEqual(["srv0", "local-1"]);
  });

  it("undo of a delete creates the card again, and its later edits reach the new id", async () => {
    const { store, calls } = setup(doc(1), ({ body }) => changesAnswer(body, "again"));
    const card = store.getDoc().cards[0]!;
    store.apply([{ type: "deleteCards", cards: [card], lines: [] }]);
    expect(store.getDoc().cards).toHaveLength(0);
    store.undo();
    expect(store.getDoc().cards).toEqual([card]);
    store.apply([{ type: "updateCards", updates: [{ id: card.id, before: { title: "" }, after: { title: "back" } }] }]);
    await settle();
    expect(calls.map((call) => Object.keys(call.body))).toEqual([["delete", "skipMissing"], ["create"], ["update", "skipMissing"]]);
    expect(calls[0]!.body.delete).toEqual(["srv0"]);
    expect(calls[2]!.body.update[0]).toMatchObject({ id: "again1", title: "back" });
  });
});

describe("the Base-Version a save carries", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is the base of the edit, and an edit whose card someone else deleted before it left is not sent", async () => {
    const sent: { method: string; headers?: Record<string, string> }[] = [];
    const request = async <T>(_path: string, options: { method?: string; body?: any; headers?: Record<string, string> } = {}) => {
      sent.push({ method: options.method ?? "GET", headers: options.headers });
      return changesAnswer(options.body) as ApiResult<T>;
    };
    const sync = new BoardSync("s1", doc(2), { onState: () => {}, onRefused: () => {} }, { request });
    // Typed at version 6, its card deleted by someone else before the quiet moment ends: nothing to send.
    sync.push([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "" }, after: { title: "gone" } }] }], 6, "title:srv0");
    sync.acceptRemote({ removeCards: ["srv0"] }, 7);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(sent).toEqual([]);

    sync.push([{ type: "updateCards", updates: [{ id: "srv1", before: { title: "" }, after: { title: "kept" } }] }], 9);
    await vi.runAllTimersAsync();
    expect(sent).toEqual([{ method: "POST", headers: { "Base-Version": "9", "Idempotency-Key": expect.any(String) } }]);
  });
});

describe("a card deleted here", () => {
  it("is not brought back by an event of the version it was deleted at or older, and is by a later one (a restore)", () => {
    const sync = new BoardSync("s1", doc(2), { onState: () => {}, onRefused: () => {} }, { request: async <T>() => ({ ok: true, data: {} }) as ApiResult<T> });
    sync.acceptRemote({ removeCards: ["srv0"] }, 7);
    expect([6, 7].map((version) => sync.deletedHere("srv0", version))).toEqual([true, true]);
    expect(sync.deletedHere("srv0", 8)).toBe(false);
    expect(sync.deletedHere("srv0")).toBe(true);
    expect(sync.deletedHere("srv1", 7)).toBe(false);
  });
});

describe("a new card's edit while its create waits behind other saves", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /**
   * The server, answering each request only when the test says so; a created card gets the next
   * `new<n>` id, and the cards' titles are kept to read back.
   */
  function heldServer(initial: BoardDoc) {
    const titles = new Map(initial.cards.map((card) => [card.id, card.title]));
    const held: { call: Call & { headers?: Record<string, string> }; answer: () => void }[] = [];
    let created = 0;
    let version = 6;
    const respond = (call: Call): ApiResult<unknown> => {
      const answer = changesAnswer(call.body, "new", (version += 1)) as ApiResult<unknown> & { ok: true; data: any };
      answer.data.created = answer.data.created.map((card: any) => ({ ...card, id: `new${(created += 1)}` }));
      for (const id of call.body.delete ?? []) titles.delete(id);
      for (const card of answer.data.created) titles.set(card.id, card.title);
      for (const update of call.body.update ?? []) if ("title" in update) titles.set(update.id, update.title);
      return answer;
    };
    const request = <T>(path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      new Promise<ApiResult<T>>((resolve) => {
        const call = { path, method: options.method ?? "GET", body: options.body, headers: options.headers };
        held.push({ call, answer: () => resolve(respond(call) as ApiResult<T>) });
      });
    const store = new BoardStore(initial, (events) => new BoardSync(initial.snap.id, initial, events, { request }), 6);
    /** Answers the oldest request not answered yet, and lets the board go on. */
    const answerNext = async () => {
      const next = held.find((entry) => entry.answer);
      if (!next) throw new Error("no request is waiting");
      const { answer } = next;
      Object.assign(next, { answer: null });
      answer();
      await vi.advanceTimersByTimeAsync(0);
    };
    const sent = () => held.map(({ call }) => JSON.stringify(call.body));
    return { store, titles, held, answerNext, sent };
  }

  it("is sent once the create has answered, under the card's server id, and the board says saved only then", async () => {
    const initial = doc(3);
    const { store, titles, held, answerNext, sent } = heldServer(initial);
    const [moved, deleted] = initial.cards;

    // A delete on its way; a move made behind it waits in the queue.
    store.apply([{ type: "deleteCards", cards: [deleted!], lines: [] }]);
    store.apply([{ type: "updateCards", updates: [{ id: moved!.id, before: { row: 0 }, after: { row: 1 } }] }]);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(sent()).toEqual([JSON.stringify({ delete: ["srv1"], skipMissing: true })]);

    // A card is added in the emptied cell and its text typed (the inline edit began at version 6),
    // all before the delete answers.
    const card = blankCard(newLocalId(), 0, 1);
    store.apply([{ type: "createCards", cards: [card], lines: [] }]);
    store.apply([{ type: "updateCards", updates: [{ id: card.id, before: { title: "" }, after: { title: "Fresh" } }] }], { baseVersion: 6 });
    expect(store.getDoc().cards.find((candidate) => candidate.id === card.id)?.title).toBe("Fresh");
    expect(store.getSaveState()).toEqual({ phase: "saving", pending: 4 });

    await answerNext(); // the delete
    expect(sent().slice(1)).toEqual([JSON.stringify({ update: [{ row: 1, id: "srv0" }], skipMissing: true })]);
    await answerNext(); // the move
    expect(held[2]!.call.body.create).toHaveLength(1);
    await answerNext(); // the create
    expect(sent().slice(3)).toEqual([JSON.stringify({ update: [{ title: "Fresh", id: "new1" }], skipMissing: true })]);
    expect(held[3]!.call.headers).toMatchObject({ "Base-Version": "6" });
    expect(store.getSaveState().phase).toBe("saving");
    await answerNext(); // the title
    expect(store.getSaveState().phase).toBe("saved");
    expect(titles.get("new1")).toBe("Fresh");
    expect(held).toHaveLength(4);
  });

  it("goes with the card when its create is refused: nothing more is sent, and the board says why", async () => {
    const refused = { ok: false as const, status: 403, error: { code: "FORBIDDEN", message: "You may not edit this snap" } };
    const { store, calls } = setup(doc(1), () => refused);
    const card = blankCard(newLocalId(), 0, 1);
    store.apply([{ type: "createCards", cards: [card], lines: [] }]);
    store.apply([{ type: "updateCards", updates: [{ id: card.id, before: { title: "" }, after: { title: "Fresh" } }] }]);
    await settle();
    expect(calls.map((call) => call.method)).toEqual(["POST"]);
    expect(store.getDoc().cards.map((candidate) => candidate.id)).toEqual(["srv0"]);
    expect(store.getSaveState().phase).toBe("error");
  });
});

describe("a dialog's save beside the board's own (the settings dialog after an inline rename)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The server's snap; the rename's change is answered only when the test says so. */
  function renameAndDialog(renameAnswer: "ok" | "refused") {
    const server = { ...boardSnap("s1") };
    let answer: (() => void) | null = null;
    const { store, calls } = setup(doc(0), ({ body }) => {
      return new Promise((resolve) => {
        answer = () =>
          resolve(
            renameAnswer === "ok"
              ? {
                  ok: true,
                  status: 200,
                  data: {
                    version: 2,
                    created: [],
                    updated: [],
                    deleted: [],
                    overwritten: [],
                    missing: [],
                    snap: Object.assign(server, (body as { snap: object }).snap),
                  },
                }
              : { ok: false, status: 403, error: { code: "FORBIDDEN", message: "You may not edit this snap" } },
          );
      }) as unknown as ApiResult<unknown>;
    });
    store.apply([{ type: "updateSnap", before: { title: "T" }, after: { title: "Flow chart" } }]);
    // The dialog's PATCH reached the server first: its answer has the title from before the rename.
    const dialogAnswer = { ...server, subtitle: "From idea to launch" };
    return { store, calls, dialogAnswer, answerRename: () => answer!() };
  }

  it("keeps the board's title, waiting or on its way, and takes the dialog's fields", async () => {
    const { store, calls, dialogAnswer, answerRename } = renameAndDialog("ok");
    store.snapSaved(dialogAnswer);
    expect(store.getDoc().snap).toMatchObject({ title: "Flow chart", subtitle: "From idea to launch" });

    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(calls).toMatchObject([{ method: "POST", path: "/api/snaps/s1/changes", body: { snap: { title: "Flow chart" } } }]);
    store.snapSaved(dialogAnswer);
    expect(store.getDoc().snap).toMatchObject({ title: "Flow chart", subtitle: "From idea to launch" });

    answerRename();
    await settle();
    expect(store.getDoc().snap).toMatchObject({ title: "Flow chart", subtitle: "From idea to launch" });
    expect(store.getSaveState().phase).toBe("saved");
  });

  it("a refused rename goes back to the server's title, not to the dialog's copy of it", async () => {
    const { store, dialogAnswer, answerRename } = renameAndDialog("refused");
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    store.snapSaved(dialogAnswer);
    answerRename();
    await settle();
    expect(store.getDoc().snap).toMatchObject({ title: "T", subtitle: "From idea to launch" });
    expect(store.getNotice()).toMatchObject({ tone: "error", message: expect.stringContaining("You may not edit this snap") });
  });
});

describe("the board's ids (BoardIdMap)", () => {
  it("stores only what differs: the server's ids are the board's, an id made here has none until named, an unlinked one none any more", () => {
    const ids = new BoardIdMap();
    expect(ids.isSaved("cserver1")).toBe(true);
    expect(ids.serverIdOf("cserver1")).toBe("cserver1");
    const local = newLocalId();
    expect(ids.isSaved(local)).toBe(false);
    expect(ids.serverIdOf(local)).toBeUndefined();
    ids.link(local, "cnamed");
    expect(ids.serverIdOf(local)).toBe("cnamed");
    expect(ids.localIdOf("cnamed")).toBe(local);
    // Deleted, then brought back by undo under a new server id.
    ids.unlink("cserver1");
    expect(ids.isSaved("cserver1")).toBe(false);
    expect(ids.serverIdOf("cserver1")).toBeUndefined();
    ids.link("cserver1", "cserver2");
    expect(ids.serverIdOf("cserver1")).toBe("cserver2");
    expect(ids.localIdOf("cserver2")).toBe("cserver1");
    ids.unlink(local);
    expect(ids.isSaved(local)).toBe(false);
    expect(ids.localIdOf("cnamed")).toBe("cnamed");
  });
});
