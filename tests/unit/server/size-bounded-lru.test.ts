import { describe, expect, it } from "vitest";
import { createSizeBoundedLru } from "../../../src/server/platform/kept-reads/size-bounded-lru";

describe("a size-bounded least-recently-used map", () => {
  it("drops the least recently used values until the total fits, never the one just set", () => {
    const lru = createSizeBoundedLru<string, string>(10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    lru.use("a");
    lru.set("c", "C", 4);
    expect([lru.peek("a"), lru.peek("b"), lru.peek("c")]).toEqual(["A", undefined, "C"]);
    // Too big on its own: it stays, the others leave.
    lru.set("d", "D", 11);
    expect([lru.peek("a"), lru.peek("c"), lru.peek("d")]).toEqual([undefined, undefined, "D"]);
  });

  it("counts a value's growth, and a replaced or deleted value's size no longer", () => {
    const lru = createSizeBoundedLru<string, string>(10);
    lru.set("a", "A", 3);
    lru.set("b", "B", 3);
    lru.grow("b", 5);
    expect(lru.peek("a")).toBeUndefined();
    lru.set("b", "B2", 2);
    lru.set("c", "C", 8);
    expect([lru.peek("b"), lru.peek("c")]).toEqual(["B2", "C"]);
    lru.delete("c");
    lru.set("d", "D", 8);
    expect([lru.peek("b"), lru.peek("d")]).toEqual(["B2", "D"]);
  });

  it("does not count a peek as a use", () => {
    const lru = createSizeBoundedLru<string, string>(8);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    lru.peek("a");
    lru.set("c", "C", 4);
    expect([lru.peek("a"), lru.peek("b")]).toEqual([undefined, "B"]);
  });
});
