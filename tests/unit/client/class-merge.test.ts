/**
 * Decision 013: `cn` joins classes until tailwind-merge is in, then lets a later utility override an
 * earlier one; tailwind-merge builds its class map as soon as it loads, not in a screen's render.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("tailwind-merge");
  vi.resetModules();
});

describe("cn", () => {
  it("only joins classes before tailwind-merge is in, and merges them after", async () => {
    vi.resetModules();
    const { cn, loadClassMerge } = await import("../../../src/client/lib/utils");
    expect(cn("px-2", false, "px-4", ["gap-1"])).toBe("px-2 px-4 gap-1");

    await loadClassMerge();
    expect(cn("px-2", false, "px-4", ["gap-1"])).toBe("px-4 gap-1");
  });

  it("has tailwind-merge build its class map when it loads, before any screen calls cn", async () => {
    vi.resetModules();
    const calls: string[] = [];
    vi.doMock("tailwind-merge", () => ({
      twMerge: (classes: string) => {
        calls.push(classes);
        return classes;
      },
    }));
    const { cn, loadClassMerge } = await import("../../../src/client/lib/utils");
    await loadClassMerge();
    expect(calls).toEqual([""]);
    cn("p-1");
    expect(calls).toEqual(["", "p-1"]);
  });

  it("loads tailwind-merge again after a failed load", async () => {
    vi.resetModules();
    vi.doMock("tailwind-merge", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { loadClassMerge } = await import("../../../src/client/lib/utils");
    await expect(loadClassMerge()).rejects.toThrow();

    vi.doUnmock("tailwind-merge");
    vi.resetModules();
    await expect(loadClassMerge()).resolves.toBeUndefined();
  });
});
