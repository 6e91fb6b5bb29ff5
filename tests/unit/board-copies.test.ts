import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { BoardCopies, MAX_BOARD_COPIES, MAX_BOARD_COPY_BYTES, type BoardCopy } from "@/components/offline/board-copies";
import { claimDevice, readDeviceOwner } from "@/components/offline/device-owner";
import { deviceForgotten, forgetThisDevice } from "@/components/offline/forget-this-device";
import { boardSnap } from "./board-fixtures";

/** A board copy whose document is about `noteLength` characters of JSON more than an empty board's. */
function copyOf(snapId: string, noteLength = 0, version = 1): BoardCopy {
  return {
    snapId,
    doc: {
      snap: { ...boardSnap(snapId), title: `Board ${snapId}` },
      cards: noteLength ? [{ id: `${snapId}-c`, row: 0, col: 0, note: "x".repeat(noteLength) }] : [],
      lines: [],
    },
    version,
    access: "edit",
  };
}

let userCounter = 0;
const opened: BoardCopies[] = [];
/** The app's bounds, but for bytes: 50 kB stands for 50 MB, the same code at a thousandth of the data. */
const SMALL_BYTES = 50 * 1024;

async function openCopies(): Promise<BoardCopies> {
  userCounter += 1;
  const copies = await BoardCopies.open(`user-${userCounter}`, { boards: MAX_BOARD_COPIES, bytes: SMALL_BYTES });
  opened.push(copies);
  return copies;
}

afterEach(() => {
  for (const copies of opened.splice(0)) copies.close();
});

describe("board copies on the device", () => {
  it("keeps the last 50 boards opened: the 51st removes the least recently opened", async () => {
    const copies = await openCopies();
    for (let index = 0; index < MAX_BOARD_COPIES; index += 1) await copies.put(copyOf(`b${index}`), { opened: true, now: 1000 + index });
    // Opening b0 again makes it the most recent: b1 is now the oldest.
    await copies.put(copyOf("b0", 0, 2), { opened: true, now: 2000 });
    expect(await copies.put(copyOf("new"), { opened: true, now: 3000 })).toBe(true);

    const kept = await copies.list();
    expect(kept).toHaveLength(MAX_BOARD_COPIES);
    expect(kept.map((entry) => entry.snapId).slice(0, 2)).toEqual(["new", "b0"]);
    expect(kept.some((entry) => entry.snapId === "b1")).toBe(false);
    expect(await copies.get("b1")).toBeUndefined();
    expect((await copies.get("b0"))?.version).toBe(2);
    expect((await copies.get("b2"))?.doc.snap.title).toBe("Board b2");
  });

  it("a refresh that is not an opening keeps the board's place", async () => {
    const copies = await openCopies();
    await copies.put(copyOf("a"), { opened: true, now: 1 });
    await copies.put(copyOf("b"), { opened: true, now: 2 });
    await copies.put(copyOf("a", 10, 5), { opened: false, now: 3 });
    expect((await copies.list()).map((entry) => entry.snapId)).toEqual(["b", "a"]);
    expect((await copies.get("a"))?.version).toBe(5);
  });

  it("the bounds are 50 boards and 50 MB", () => {
    expect([MAX_BOARD_COPIES, MAX_BOARD_COPY_BYTES]).toEqual([50, 50 * 1024 * 1024]);
  });

  it("keeps at most the byte bound: a large board removes the least recently opened until the total fits", async () => {
    const copies = await openCopies();
    const fifth = Math.floor(SMALL_BYTES / 5);
    for (const [index, id] of ["a", "b", "c", "d"].entries()) await copies.put(copyOf(id, fifth), { opened: true, now: index });
    await copies.put(copyOf("big", 2 * fifth), { opened: true, now: 10 });

    const kept = await copies.list();
    expect(kept.map((entry) => entry.snapId)).toEqual(["big", "d", "c"]);
    expect(kept.reduce((sum, entry) => sum + entry.bytes, 0)).toBeLessThanOrEqual(SMALL_BYTES);
    expect(await copies.get("a")).toBeUndefined();
  });

  it("does not keep a board larger than the bound alone, and drops its older copy", async () => {
    const copies = await openCopies();
    await copies.put(copyOf("huge"), { opened: true, now: 1 });
    await copies.put(copyOf("other"), { opened: true, now: 2 });
    expect(await copies.put(copyOf("huge", SMALL_BYTES), { opened: true, now: 3 })).toBe(false);
    expect(await copies.get("huge")).toBeUndefined();
    expect((await copies.list()).map((entry) => entry.snapId)).toEqual(["other"]);
  });

  it("keeps each person's copies apart", async () => {
    const first = await openCopies();
    const second = await openCopies();
    await first.put(copyOf("shared-board"), { opened: true });
    expect(await second.get("shared-board")).toBeUndefined();
    expect(await second.list()).toEqual([]);
  });
});

describe("the device's owner and forgetting", () => {
  it("another person claiming the device removes the previous person's copies; signing out removes every snap- database", async () => {
    const alice = { userId: "alice-id", name: "Alice", email: "alice@example.com" };
    await claimDevice(alice);
    const aliceCopies = await BoardCopies.open(alice.userId);
    await aliceCopies.put(copyOf("alices-board"), { opened: true });
    // An open connection (another tab's editor) must not hold the removal up.
    await claimDevice({ userId: "bob-id", name: "Bob", email: "bob@example.com" });

    expect(await readDeviceOwner()).toEqual({ userId: "bob-id", name: "Bob", email: "bob@example.com" });
    const names = (await indexedDB.databases()).map(({ name }) => name);
    expect(names).not.toContain("snap-boards:alice-id");
    const reopened = await BoardCopies.open(alice.userId);
    expect(await reopened.get("alices-board")).toBeUndefined();
    reopened.close();

    expect(deviceForgotten()).toBe(false);
    await forgetThisDevice();
    expect(deviceForgotten()).toBe(true);
    expect((await indexedDB.databases()).filter(({ name }) => name?.startsWith("snap-"))).toEqual([]);
    expect(await readDeviceOwner()).toBeNull();
  });
});
