import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoardStore } from "@/components/board/state/board-store";
import { BoardSync } from "@/components/board/live/board-sync";
import { isPassingFailure, retryDelayMs } from "@/components/board/live/retry-policy";
import { blankCard } from "@/components/board/grid/grid-plans";
import type { BoardDoc } from "@/components/board/state/board-types";
import type { ApiResult } from "@/components/http/call-api";
import { boardSnap } from "./board-fixtures";

type Call = { path: string; body: any; headers?: Record<string, string> };

function doc(): BoardDoc {
  return { snap: boardSnap("s1"), cards: [{ ...blankCard("srv0", 0, 0), title: "Before" }], lines: [] };
}

const ok = (body: any): ApiResult<unknown> => ({
  ok: true,
  status: 200,
  data: { version: 11, created: [], updated: (body.update ?? []).map((u: any) => ({ ...blankCard(u.id, 0, 0), ...u, snapId: "s1" })), deleted: [] },
});
const failure = (status: number, headers?: Record<string, string>): ApiResult<unknown> => ({
  ok: false,
  status,
  error: { code: "X", message: `Answered ${status}` },
  headers: new Headers(headers),
});

/** A store whose first `failures` answers are the given ones, then successes. */
function setup(failures: ApiResult<unknown>[]) {
  const calls: Call[] = [];
  const request = async <T>(path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
    calls.push({ path, body: options.body, headers: options.headers });
    return (failures.shift() ?? ok(options.body)) as ApiResult<T>;
  };
  const initial = doc();
  const store = new BoardStore(initial, (events) => new BoardSync("s1", initial, events, { request }), 10);
  const edit = () => store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { title: "Before" }, after: { title: "Kept" } }] }]);
  return { store, calls, edit };
}

describe("a save that fails for a reason that can pass", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const [name, answer] of [
    ["no network", failure(0)],
    ["408", failure(408)],
    ["429", failure(429)],
    ["502", failure(502)],
    ["503", failure(503)],
    ["504", failure(504)],
  ] as const) {
    it(`is kept and sent again after ${name}, with the same Idempotency-Key, and never undone`, async () => {
      const { store, calls, edit } = setup([answer, answer]);
      edit();
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getSaveState()).toEqual({ phase: "waiting", pending: 1 });
      expect(store.getDoc().cards[0]!.title).toBe("Kept");
      await vi.runAllTimersAsync();
      expect(calls).toHaveLength(3);
      expect(new Set(calls.map((call) => call.headers?.["Idempotency-Key"])).size).toBe(1);
      expect(store.getSaveState()).toEqual({ phase: "saved", pending: 0 });
      expect(store.getDoc().cards[0]!.title).toBe("Kept");
      expect(store.getNotice()).toBeNull();
    });
  }

  it("waits as long as Retry-After asks before the next attempt", async () => {
    const { calls, edit } = setup([failure(503, { "Retry-After": "5" })]);
    edit();
    await vi.advanceTimersByTimeAsync(4_900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(700);
    expect(calls).toHaveLength(2);
  });

  it("keeps later gestures behind the waiting one, in order", async () => {
    const { store, calls, edit } = setup([failure(0), failure(0)]);
    edit();
    store.apply([{ type: "updateCards", updates: [{ id: "srv0", before: { color: "" }, after: { color: "#ffffff" } }] }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getSaveState()).toEqual({ phase: "waiting", pending: 2 });
    await vi.runAllTimersAsync();
    expect(calls.map((call) => call.body.update[0])).toEqual([
      { id: "srv0", title: "Kept" },
      { id: "srv0", title: "Kept" },
      { id: "srv0", title: "Kept" },
      { id: "srv0", color: "#ffffff" },
    ]);
  });
});

describe("a save that is refused", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const status of [400, 403, 404, 409, 412, 413]) {
    it(`puts the board back after ${status}, once, and says why`, async () => {
      const { store, calls, edit } = setup([failure(status)]);
      edit();
      await vi.runAllTimersAsync();
      expect(calls).toHaveLength(1);
      expect(store.getDoc().cards[0]!.title).toBe("Before");
      expect(store.getNotice()?.message).toContain(`Answered ${status}`);
      expect(store.getSaveState().phase).toBe("error");
    });
  }
});

describe("the retry policy", () => {
  it("passes only the failures that can pass", () => {
    expect([0, 408, 429, 502, 503, 504].every((status) => isPassingFailure(failure(status)))).toBe(true);
    expect([400, 401, 403, 404, 409, 412, 413, 500].some((status) => isPassingFailure(failure(status)))).toBe(false);
  });

  it("grows, with jitter, to a cap; Retry-After in seconds or as a date sets the floor", () => {
    expect([0, 1, 2, 3, 10].map((attempt) => retryDelayMs(attempt, undefined, 1))).toEqual([500, 1000, 2000, 4000, 30_000]);
    expect(retryDelayMs(3, undefined, 0)).toBe(2000);
    expect(retryDelayMs(0, new Headers({ "Retry-After": "7" }), 0)).toBe(7000);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryDelayMs(0, new Headers({ "Retry-After": "Thu, 01 Jan 2026 00:00:03 GMT" }), 0, now)).toBe(3000);
  });
});
