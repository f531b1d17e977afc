// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REVEAL_CHECK_MS, revealSection } from "../../../src/client/lib/reveal-section";

/** A section whose place in the viewport the test decides, recording how it was scrolled to. */
function section(placeAt: { top: number }) {
  const element = document.createElement("section");
  element.tabIndex = -1;
  document.body.append(element);
  const scrolls: ScrollIntoViewOptions[] = [];
  element.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => {
    scrolls.push(typeof options === "object" ? options : {});
  };
  element.getBoundingClientRect = () =>
    ({ top: placeAt.top, bottom: placeAt.top + 300, left: 0, right: 390 }) as DOMRect;
  return { element, scrolls };
}

function prefersReducedMotion(reduced: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduced && query.includes("reduce"),
    media: query,
  }));
}

describe("revealSection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.innerHeight = 800;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it("scrolls smoothly, focuses the section, and leaves a scroll that arrived alone", () => {
    prefersReducedMotion(false);
    const place = { top: 2_000 };
    const { element, scrolls } = section(place);
    revealSection(element);
    expect(scrolls).toEqual([{ behavior: "smooth", block: "start" }]);
    expect(document.activeElement).toBe(element);
    place.top = 0; // the smooth scroll got there
    vi.advanceTimersByTime(REVEAL_CHECK_MS);
    expect(scrolls).toHaveLength(1);
  });

  it("jumps to the section when the smooth scroll was dropped on the way", () => {
    prefersReducedMotion(false);
    const { element, scrolls } = section({ top: 2_000 }); // still below the fold
    revealSection(element);
    vi.advanceTimersByTime(REVEAL_CHECK_MS - 1);
    expect(scrolls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(scrolls).toEqual([{ behavior: "smooth", block: "start" }, { block: "start" }]);
  });

  it("jumps at once, with no smooth scroll, for a user who asked for reduced motion", () => {
    prefersReducedMotion(true);
    const { element, scrolls } = section({ top: 2_000 });
    revealSection(element);
    expect(scrolls).toEqual([{ behavior: "auto", block: "start" }]);
    expect(document.activeElement).toBe(element);
    vi.advanceTimersByTime(REVEAL_CHECK_MS);
    expect(scrolls).toHaveLength(1);
  });
});
