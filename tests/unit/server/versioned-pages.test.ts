import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createVersionedPages } from "../../../src/server/platform/kept-reads/versioned-pages";

describe("pages cached by list version", () => {
  it("serves a page only at the version it was built for, and drops a customer's older pages", () => {
    const pages = createVersionedPages("tx1-test");
    pages.put(1, 3, "first", "[1]");
    expect(pages.get(1, 3, "first")?.body).toBe("[1]");
    expect(pages.get(1, 4, "first")).toBeUndefined();
    expect(pages.get(1, 3, "other")).toBeUndefined();
    expect(pages.get(2, 3, "first")).toBeUndefined();
    pages.put(1, 4, "second", "[2]");
    // Version 4 replaced version 3: its pages are gone even for a reader still at 3.
    expect(pages.get(1, 3, "first")).toBeUndefined();
    expect(pages.get(1, 4, "second")?.body).toBe("[2]");
  });

  it("names each version and query by its own ETag, with no hash of the body", () => {
    const pages = createVersionedPages("tx1-test");
    const a = pages.put(1, 3, "first", "[1]");
    expect(a.etag).toMatch(/^"tx1-test\.3\.[\w-]{16}"$/);
    expect(pages.etagOf(3, "first")).toBe(a.etag);
    expect(pages.etagOf(4, "first")).not.toBe(a.etag);
    expect(pages.etagOf(3, "second")).not.toBe(a.etag);
    expect(createVersionedPages("tx1-stripe").etagOf(3, "first")).not.toBe(a.etag);
  });

  it("gzips a page once, on first demand", async () => {
    const page = createVersionedPages("f").put(1, 1, "k", JSON.stringify({ rows: "x".repeat(5000) }));
    const bytes = await page.gzipped();
    expect(bytes).toBe(await page.gzipped());
    expect(gunzipSync(bytes).toString()).toBe(page.body);
  });

  it("keeps at most maxChars, the least recently used customer leaving first", () => {
    const pages = createVersionedPages("f", 10);
    pages.put(1, 1, "k", "aaaa");
    pages.put(2, 1, "k", "bbbb");
    expect(pages.get(1, 1, "k")).toBeDefined();
    pages.put(3, 1, "k", "cccc");
    // Customer 2 was used least recently.
    expect(pages.get(2, 1, "k")).toBeUndefined();
    expect(pages.get(1, 1, "k")?.body).toBe("aaaa");
    expect(pages.get(3, 1, "k")?.body).toBe("cccc");
  });

  it("keeps at most 64 pages of one customer, their oldest leaving first", () => {
    const pages = createVersionedPages("f");
    for (let i = 0; i < 65; i++) pages.put(1, 1, `q${i}`, `[${i}]`);
    expect(pages.get(1, 1, "q0")).toBeUndefined();
    expect(pages.get(1, 1, "q1")?.body).toBe("[1]");
    expect(pages.get(1, 1, "q64")?.body).toBe("[64]");
  });

  it("computes a shared part once per version, and again after a failure", async () => {
    const pages = createVersionedPages("f");
    let calls = 0;
    const count = () => pages.shared(1, 1, "counts", async () => ++calls);
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    expect(await pages.shared(1, 2, "counts", async () => ++calls)).toBe(2);

    const failing = pages.shared(1, 2, "broken", () => Promise.reject(new Error("database gone")));
    await expect(failing).rejects.toThrow("database gone");
    expect(await pages.shared(1, 2, "broken", async () => "back")).toBe("back");
  });
});
