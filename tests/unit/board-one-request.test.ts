import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoardStore } from "@/components/board/state/board-store";
import { BoardSync } from "@/components/board/live/board-sync";
import { toHttpRequest, toSendable, toWireRequests } from "@/components/board/live/wire-request";
import { upgradeQueuedRequest } from "@/components/device/queued-request";
import type { BoardDoc, BoardLine } from "@/components/board/state/board-types";
import { blankCard } from "@/components/board/grid/grid-plans";
import type { ApiResult } from "@/components/http/call-api";
import { newLocalId } from "@/components/board/state/new-local-id";
import { boardSnap } from "./board-fixtures";

/** A gesture is one POST /api/snaps/:id/changes with its cards, lines and snap fields (docs/SAVING.md). */

type Call = { path: string; method: string; body: any };

const line = (id: string, fromCardId: string, toCardId: string): BoardLine => ({ id, fromCardId, toCardId, color: "#64748b", style: "solid", arrow: "end" });

function doc(): BoardDoc {
  return {
    snap: { ...boardSnap("s1"), rowHeights: { "2": 80 } },
    cards: [blankCard("srv0", 0, 0), blankCard("srv1", 1, 0), blankCard("srv2", 2, 0)],
    lines: [line("l0", "srv0", "srv1")],
  };
}

/** What the server answers a change: new cards `new<n>`, new lines `nl<n>`, the snap as sent. */
function answer(body: any): ApiResult<unknown> {
  return {
    ok: true,
    status: 200,
    data: {
      version: 9,
      created: (body.create ?? []).map((card: any, index: number) => ({ ...card, id: `new${index}`, snapId: "s1" })),
      updated: [],
      deleted: body.delete ?? [],
      overwritten: [],
      missing: [],
      ...(body.lines
        ? {
            lines: {
              created: (body.lines.create ?? []).map((item: any, index: number) => ({
                id: `nl${index}`,
                snapId: "s1",
                fromCardId: typeof item.from === "number" ? `new${item.from}` : item.from,
                toCardId: typeof item.to === "number" ? `new${item.to}` : item.to,
                color: item.color,
                style: item.style,
                arrow: item.arrow,
              })),
              updated: [],
              deleted: body.lines.delete ?? [],
            },
          }
        : {}),
      ...(body.snap ? { snap: { ...boardSnap("s1"), ...body.snap } } : {}),
    },
  };
}

function setup(respond: (call: Call) => ApiResult<unknown>) {
  const calls: Call[] = [];
  const initial = doc();
  const request = async <T>(path: string, options: { method?: string; body?: unknown } = {}) => {
    const call = { path, method: options.method ?? "GET", body: options.body };
    calls.push(call);
    return respond(call) as ApiResult<T>;
  };
  const store = new BoardStore(initial, (events) => new BoardSync("s1", initial, events, { request }));
  return { store, calls };
}

describe("one request per gesture", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("a paste with lines is one change: the new lines name the new cards by their index in create", async () => {
    const { store, calls } = setup(({ body }) => answer(body));
    const [p1, p2, pl1, pl2] = [newLocalId(), newLocalId(), newLocalId(), newLocalId()];
    const pasted = [blankCard(p1, 5, 0), blankCard(p2, 6, 0)];
    store.apply([{ type: "createCards", cards: pasted, lines: [line(pl1, p1, p2), line(pl2, p2, "srv0")] }]);
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/snaps/s1/changes" });
    expect(calls[0]!.body.lines).toEqual({
      create: [
        { from: 0, to: 1, color: "#64748b", style: "solid", arrow: "end" },
        { from: 1, to: "srv0", color: "#64748b", style: "solid", arrow: "end" },
      ],
    });
    expect(store.getSaveState().phase).toBe("saved");

    // The lines now have the server's ids: a later delete names them so.
    store.apply([{ type: "deleteLine", line: store.getDoc().lines.find((item) => item.id === pl1)! }]);
    await vi.runAllTimersAsync();
    expect(calls[1]!.body).toEqual({ lines: { delete: ["nl0"] }, skipMissing: true });
  });

  it("removing a row with a set height is one change: the cards and the shifted sizes", async () => {
    const { store, calls } = setup(({ body }) => answer(body));
    const [, , third] = store.getDoc().cards;
    store.apply([
      { type: "deleteCards", cards: [third!], lines: [] },
      { type: "updateSnap", before: { rowHeights: { "2": 80 } }, after: { rowHeights: {} } },
    ]);
    await vi.runAllTimersAsync();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ["POST", "/api/snaps/s1/changes", { delete: ["srv2"], snap: { rowHeights: {} }, skipMissing: true }],
    ]);
  });

  it("a refused change puts back its cards, lines and snap fields together", async () => {
    const { store, calls } = setup(() => ({ ok: false, status: 400, error: { code: "BAD_REQUEST", message: "No" } }));
    const [p1, pl1] = [newLocalId(), newLocalId()];
    store.apply([
      { type: "createCards", cards: [blankCard(p1, 5, 0)], lines: [line(pl1, p1, "srv0")] },
      { type: "deleteLine", line: line("l0", "srv0", "srv1") },
      { type: "updateSnap", before: { rowHeights: { "2": 80 } }, after: { rowHeights: {} } },
    ]);
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    const after = store.getDoc();
    expect(after.cards.map((card) => card.id)).toEqual(["srv0", "srv1", "srv2"]);
    expect(after.lines.map((item) => item.id)).toEqual(["l0"]);
    expect(after.snap.rowHeights).toEqual({ "2": 80 });
  });

  it("merges line edits per line within a gesture, and leaves out a line whose new card lost its create", () => {
    const [request] = toWireRequests([
      { type: "createLine", line: line("n1", "srv0", "srv2") },
      { type: "updateLine", id: "n1", before: { color: "#64748b" }, after: { color: "#ff0000" } },
      { type: "updateLine", id: "l0", before: { arrow: "end" }, after: { arrow: "both" } },
      { type: "createLine", line: line("n2", "gone", "srv0") },
    ]);
    expect(request!.lines).toEqual({
      create: [{ ...line("n1", "srv0", "srv2"), color: "#ff0000" }, line("n2", "gone", "srv0")],
      update: [{ id: "l0", patch: { arrow: "both" } }],
      delete: [],
    });
    const serverIdOf = (id: string) => (id === "gone" ? undefined : id);
    const sendable = toSendable(request!, serverIdOf);
    expect(sendable.lines!.create.map((item) => item.id)).toEqual(["n1"]);
    expect(toHttpRequest("s1", sendable, serverIdOf)!.body).toEqual({
      lines: { create: [{ from: "srv0", to: "srv2", color: "#ff0000", style: "solid", arrow: "end" }], update: [{ id: "l0", arrow: "both" }] },
      skipMissing: true,
    });
  });

  it("a request an earlier version queued on the device becomes the change that does the same", () => {
    expect(upgradeQueuedRequest({ kind: "snap", patch: { title: "T" } } as never)).toMatchObject({ kind: "changes", snap: { title: "T" } });
    expect(upgradeQueuedRequest({ kind: "createLine", line: line("n", "a", "b") } as never).lines!.create).toEqual([line("n", "a", "b")]);
    expect(upgradeQueuedRequest({ kind: "deleteLine", lineId: "l0" } as never).lines!.delete).toEqual(["l0"]);
    expect(upgradeQueuedRequest({ kind: "updateLine", lineId: "l0", patch: { arrow: "both" } } as never).lines!.update).toEqual([
      { id: "l0", patch: { arrow: "both" } },
    ]);
  });
});
