import { describe, expect, it } from "vitest";
import { ByteBudgetLru } from "@/lib/cache/byte-budget-lru";

describe("ByteBudgetLru", () => {
  it("evicts the least recently used entries until the values fit the byte budget", () => {
    const cache = new ByteBudgetLru<string, string>(100);
    cache.set("a", "A", 40);
    cache.set("b", "B", 40);
    expect(cache.get("a")).toBe("A"); // a is now the most recent
    cache.set("c", "C", 40);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["A", undefined, "C"]);
    expect(cache.bytes).toBe(80);

    cache.set("d", "D", 90);
    expect([cache.get("a"), cache.get("c"), cache.get("d")]).toEqual([undefined, undefined, "D"]);
    expect({ bytes: cache.bytes, size: cache.size }).toEqual({ bytes: 90, size: 1 });
  });

  it("replaces an entry's value and size; drops a value larger than the budget without evicting the rest; a budget of 0 keeps nothing", () => {
    const cache = new ByteBudgetLru<string, string>(100);
    cache.set("a", "old", 60);
    cache.set("a", "new", 30);
    expect({ value: cache.get("a"), bytes: cache.bytes, size: cache.size }).toEqual({ value: "new", bytes: 30, size: 1 });

    cache.set("b", "B", 30);
    cache.set("a", "huge", 101); // dropped without evicting the others for nothing
    expect({ a: cache.get("a"), b: cache.get("b"), bytes: cache.bytes }).toEqual({ a: undefined, b: "B", bytes: 30 });

    const off = new ByteBudgetLru<string, string>(0);
    off.set("a", "A", 1);
    expect(off.get("a")).toBeUndefined();
  });
});
