// @vitest-environment jsdom
/**
 * Dates in the page's language, through one Intl format per locale and style (decision 013).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate, formatDateTime, relativeTimeFormat } from "../../../src/client/lib/format";

const AT = "2026-11-28T10:05:00Z";
const restores: Array<() => void> = [];

/** Counts the formats of a kind made from now on, each by its arguments. */
function formatsMade(kind: "NumberFormat" | "DateTimeFormat" | "RelativeTimeFormat"): unknown[][] {
  const original = Intl[kind];
  const made: unknown[][] = [];
  const counting = new Proxy(original, {
    construct(target, args) {
      made.push(args);
      return Reflect.construct(target, args);
    },
  });
  Object.defineProperty(Intl, kind, { value: counting, configurable: true, writable: true });
  restores.push(() =>
    Object.defineProperty(Intl, kind, { value: original, configurable: true, writable: true }),
  );
  return made;
}

afterEach(() => {
  for (const restore of restores.splice(0)) restore();
  document.documentElement.lang = "en";
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("formatDate and formatDateTime", () => {
  it("write in the page's language, and follow it when it changes", () => {
    document.documentElement.lang = "en";
    const english = formatDate(AT);
    expect(english).toBe(new Date(AT).toLocaleDateString(navigator.languages[0], { dateStyle: "medium" }));
    document.documentElement.lang = "de";
    expect(formatDate(AT)).toBe(new Date(AT).toLocaleDateString("de", { dateStyle: "medium" }));
    expect(formatDate(AT)).not.toBe(english);
    expect(formatDateTime(AT)).toBe(
      new Date(AT).toLocaleString("de", { dateStyle: "medium", timeStyle: "short" }),
    );
    expect(formatDate(AT, "long")).toBe(new Date(AT).toLocaleDateString("de", { dateStyle: "long" }));
  });

  it("show text that is not a time as it is", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatDateTime("")).toBe("");
  });

  it("make one format per locale and style, however many dates they write", () => {
    document.documentElement.lang = "de";
    formatDateTime(AT);
    const made = formatsMade("DateTimeFormat");
    for (let day = 1; day <= 20; day++) formatDateTime(`2026-11-${String(day).padStart(2, "0")}T08:00:00Z`);
    expect(made).toEqual([]);
  });
});

describe("relativeTimeFormat", () => {
  it("makes one format per locale, which every later item reuses", () => {
    const made = formatsMade("RelativeTimeFormat");
    const german = relativeTimeFormat("de-AT");
    expect(german.format(-1, "day")).toBe("gestern");
    expect(relativeTimeFormat("de-AT")).toBe(german);
    expect(relativeTimeFormat("en-IE")).not.toBe(german);
    expect(made).toEqual([
      ["de-AT", { numeric: "auto" }],
      ["en-IE", { numeric: "auto" }],
    ]);
  });
});
