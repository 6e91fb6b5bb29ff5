import { describe, expect, it, vi } from "vitest";
import { BoardOutbox } from "@/components/board/live/board-outbox";
import type { ChangeQueue } from "@/components/device/change-queue";
import type { WireRequest } from "@/components/board/live/wire-request";
import type { ApiResult } from "@/components/http/call-api";

/**
 * A gesture made while the outbox finishes its last one (the device's bookkeeping after the queue
 * emptied) is still sent: the outbox never stops with a change in it.
 */

const updateOf = (title: string): WireRequest => ({ kind: "changes", create: [], createIds: [], update: [{ id: "c1", title }], delete: [] });

describe("the outbox's end", () => {
  it("sends a change added while it tidies the device after the previous one", async () => {
    // The device's tidying after the first change waits until the test lets it end.
    let tidied!: () => void;
    let tidyingStarted!: () => void;
    const tidying = new Promise<void>((resolve) => (tidyingStarted = resolve));
    const queue = {
      add: async () => 1,
      replace: async () => undefined,
      settle: async () => undefined,
      forgetLinks: () => {
        tidyingStarted();
        return new Promise<void>((resolve) => (tidied = resolve));
      },
    } as unknown as ChangeQueue;
    const sent: string[] = [];
    const answered: string[] = [];
    const request = async <T>(_path: string, options?: { body?: unknown }) => {
      sent.push(JSON.stringify(options?.body));
      return { ok: true, status: 200, data: {} } as ApiResult<T>;
    };
    let allAnswered!: () => void;
    const both = new Promise<void>((resolve) => (allAnswered = resolve));
    const outbox = new BoardOutbox(
      "s1",
      (id) => id,
      {
        onAnswer: (entry) => {
          answered.push(entry.request.update[0]!.title as string);
          if (answered.length === 2) allAnswered();
          return [];
        },
        onChange: () => undefined,
      },
      queue,
      request,
    );

    outbox.add([updateOf("first")], 3);
    await tidying;
    outbox.add([updateOf("second")], 4);
    tidied();
    await both;
    expect(answered).toEqual(["first", "second"]);
    expect(sent).toHaveLength(2);
    // Taken out once its device write is settled too, just after its answer.
    await vi.waitFor(() => expect(outbox.size).toBe(0));
  });
});
