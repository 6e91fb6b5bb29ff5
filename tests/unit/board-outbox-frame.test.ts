import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BoardOutbox } from "@/components/board/live/board-outbox";
import type { ChangeQueue } from "@/components/device/change-queue";
import type { WireRequest } from "@/components/board/live/wire-request";
import type { ApiResult } from "@/components/http/call-api";

/**
 * The device write of a gesture's change waits for the gesture's frame (docs/SAVING.md): it is not
 * in the gesture's own task, and the request still goes out only once it is written.
 */

const update: WireRequest = { kind: "changes", create: [], createIds: [], update: [{ id: "c1", title: "Typed" }], delete: [] };

function setup(visibilityState: "visible" | "hidden" = "visible") {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("document", { visibilityState });
  const events: string[] = [];
  const queue = {
    add: async () => {
      events.push("written");
      return 1;
    },
    replace: async () => undefined,
    settle: async () => undefined,
    forgetLinks: async () => undefined,
  } as unknown as ChangeQueue;
  const request = async <T>(path: string) => {
    events.push(`sent ${path}`);
    return { ok: true, status: 200, data: {} } as ApiResult<T>;
  };
  const outbox = new BoardOutbox("s1", (id) => id, { onAnswer: () => [], onChange: () => undefined }, queue, request);
  const drawFrame = () => frames.splice(0).forEach((callback) => callback(0));
  return { outbox, events, drawFrame };
}

describe("the device write of a gesture", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("starts after the gesture's frame, and the request goes out after it", async () => {
    const { outbox, events, drawFrame } = setup();
    outbox.add([update], 3);
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual([]);
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(["written", "sent /api/snaps/s1/changes"]);
  });

  it("starts at once when the page is being left (flush), without waiting for a frame", async () => {
    const { outbox, events } = setup();
    outbox.add([update], 3);
    outbox.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(["written", "sent /api/snaps/s1/changes"]);
  });

  it("does not wait for frames a hidden page never draws", async () => {
    const { outbox, events } = setup("hidden");
    outbox.add([update], 3);
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(["written", "sent /api/snaps/s1/changes"]);
  });

  it("waits at most 100 ms for a frame that does not come", async () => {
    const { outbox, events } = setup();
    outbox.add([update], 3);
    await vi.advanceTimersByTimeAsync(99);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(["written", "sent /api/snaps/s1/changes"]);
  });
});
