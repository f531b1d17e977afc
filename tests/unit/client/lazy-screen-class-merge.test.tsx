/** Decision 013: the sign-in page's chunk loads without tailwind-merge; every other screen's with it. */
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../src/client/lib/utils", () => ({ loadClassMerge: vi.fn(async () => {}) }));

const { loadClassMerge } = await import("../../../src/client/lib/utils");
const { lazyScreen } = await import("../../../src/client/app/routes/lazy-screen");

function Page() {
  return null;
}

describe("lazyScreen and tailwind-merge", () => {
  beforeEach(() => vi.mocked(loadClassMerge).mockClear());

  it("loads tailwind-merge with a screen's chunk", async () => {
    await lazyScreen(async () => ({ Page }), "Page").preload();
    expect(loadClassMerge).toHaveBeenCalledOnce();
  });

  it("leaves it out for a screen that does without", async () => {
    await lazyScreen(async () => ({ Page }), "Page", { classMerge: false }).preload();
    expect(loadClassMerge).not.toHaveBeenCalled();
  });
});
