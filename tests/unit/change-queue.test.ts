import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { ChangeQueue, tabLockName, type QueuedChange } from "@/components/device/change-queue";
import { replayOrphans } from "@/components/device/replay-orphans";
import type { ApiResult } from "@/components/http/call-api";

let users = 0;
const freshQueue = () => new ChangeQueue(`user${(users += 1)}`);

function queued(snapId: string, tabId: string, update: { id: string; title: string }, key = `${snapId}-${update.title}`): QueuedChange {
  return { snapId, key, tabId, baseVersion: 3, queuedAt: 0, request: { kind: "changes", create: [], createIds: [], update: [update], delete: [] } };
}

describe("the device's queue of changes", () => {
  it("keeps changes in the order they were written, per board, and settles them one by one", async () => {
    const queue = freshQueue();
    await queue.add(queued("a", "t1", { id: "c1", title: "one" }));
    await queue.add(queued("b", "t1", { id: "c2", title: "two" }));
    const third = await queue.add(queued("a", "t1", { id: "c1", title: "three" }));
    expect((await queue.list("a")).map((change) => change.key)).toEqual(["a-one", "a-three"]);
    expect((await queue.list()).map((change) => change.key)).toEqual(["a-one", "b-two", "a-three"]);
    await queue.settle(third, [{ snapId: "a", localId: "local-1", serverId: "srv1" }]);
    expect((await queue.list("a")).map((change) => change.key)).toEqual(["a-one"]);
    expect(await queue.links("a")).toEqual([{ snapId: "a", localId: "local-1", serverId: "srv1" }]);
    expect(await queue.links("b")).toEqual([]);
  });

  it("forgets a board's links only once nothing of it is queued", async () => {
    const queue = freshQueue();
    const seq = await queue.add(queued("a", "t1", { id: "c1", title: "one" }));
    await queue.settle(-1, [{ snapId: "a", localId: "local-1", serverId: "srv1" }]);
    await queue.forgetLinks("a");
    expect(await queue.links("a")).toHaveLength(1);
    await queue.settle(seq);
    await queue.forgetLinks("a");
    expect(await queue.links("a")).toEqual([]);
  });

  it("survives the page: a queue opened again reads what an earlier one wrote", async () => {
    const first = freshQueue();
    await first.add(queued("a", "t1", { id: "c1", title: "one" }));
    first.close();
    const again = new ChangeQueue(`user${users}`);
    expect((await again.list()).map((change) => change.key)).toEqual(["a-one"]);
  });
});

describe("replaying a closed tab's changes", () => {
  const answer = (body: any, created: string[] = []): ApiResult<unknown> => ({
    ok: true,
    status: 200,
    data: { version: 9, created: (body.create ?? []).map((card: any, index: number) => ({ ...card, id: created[index] })), updated: [], deleted: [] },
  });

  it("sends only the changes of tabs that are gone, in order, with their keys, in the server's ids, and takes them off the device", async () => {
    const queue = freshQueue();
    await queue.add({
      snapId: "a",
      key: "k-create",
      tabId: "gone",
      baseVersion: 3,
      queuedAt: 0,
      request: { kind: "changes", create: [{ row: 1, col: 1 } as never], createIds: ["local-9"], update: [], delete: [] },
    });
    await queue.add(queued("a", "gone", { id: "local-9", title: "typed" }, "k-title"));
    await queue.add(queued("a", "alive", { id: "c1", title: "mine" }, "k-alive"));
    const calls: { path: string; body: any; headers?: Record<string, string> }[] = [];
    const request = async <T>(path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
      calls.push({ path, body: options.body, headers: options.headers });
      return answer(options.body, ["srv9"]) as ApiResult<T>;
    };
    const outcome = await replayOrphans(queue, new Set([tabLockName("alive")]), request);
    expect(outcome).toEqual({ sent: 2, refused: [] });
    expect(calls.map((call) => [call.path, call.headers?.["Idempotency-Key"], call.body])).toEqual([
      ["/api/snaps/a/changes", "k-create", { create: [{ row: 1, col: 1 }] }],
      ["/api/snaps/a/changes", "k-title", { update: [{ id: "srv9", title: "typed" }], skipMissing: true }],
    ]);
    expect(calls[0]!.headers?.["Base-Version"]).toBe("3");
    expect((await queue.list()).map((change) => change.key)).toEqual(["k-alive"]);
  });

  it("sends card updates queued in a row as one change, under a key of the run", async () => {
    const queue = freshQueue();
    for (const title of ["a", "b", "c"]) await queue.add(queued("s", "gone", { id: title === "b" ? "c2" : "c1", title }, `k-${title}`));
    const calls: { body: any; headers?: Record<string, string> }[] = [];
    const request = async <T>(_path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
      calls.push({ body: options.body, headers: options.headers });
      return answer(options.body) as ApiResult<T>;
    };
    expect(await replayOrphans(queue, new Set(), request)).toEqual({ sent: 3, refused: [] });
    expect(calls.map((call) => [call.headers?.["Idempotency-Key"], call.body])).toEqual([
      [
        "k-a+3",
        {
          update: [
            { id: "c1", title: "c" },
            { id: "c2", title: "b" },
          ],
          skipMissing: true,
        },
      ],
    ]);
    expect(await queue.list()).toEqual([]);
  });

  it("sends a refused run again one by one: only the refused change is lost, and said; one that cannot go now stays", async () => {
    const queue = freshQueue();
    await queue.add(queued("a", "gone", { id: "c1", title: "refused" }, "k1"));
    await queue.add(queued("a", "gone", { id: "c1", title: "later" }, "k2"));
    const controller = new AbortController();
    const overlap: ApiResult<unknown> = { ok: false, status: 409, error: { code: "CONFLICT", message: "Would overlap" } };
    // The two as one, then the first alone; the second finds the network gone.
    const answers = [overlap, overlap];
    const request = async <T>() => {
      const next = answers.shift();
      if (next) return next as ApiResult<T>;
      controller.abort();
      return { ok: false, status: 0, error: { code: "NETWORK", message: "offline" } } as ApiResult<T>;
    };
    const outcome = await replayOrphans(queue, new Set(), request, controller.signal);
    expect(outcome).toEqual({ sent: 0, refused: [{ snapId: "a", message: "Would overlap" }] });
    expect((await queue.list()).map((change) => change.key)).toEqual(["k2"]);
  });
});
