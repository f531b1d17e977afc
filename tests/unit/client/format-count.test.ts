/** Decision 013: small counts are written without Intl, whose first use loads the locale's data. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCount } from "../../../src/client/lib/format";

afterEach(() => vi.restoreAllMocks());

describe("formatCount", () => {
  it("writes whole numbers below 1,000 as digits, without asking Intl", () => {
    const localeCalls = vi.spyOn(Number.prototype, "toLocaleString");
    expect([0, 7, 40, 999, -12].map(formatCount)).toEqual(["0", "7", "40", "999", "-12"]);
    expect(localeCalls).not.toHaveBeenCalled();
  });

  it("groups larger numbers, and writes fractions, in the browser's locale", () => {
    const localeCalls = vi.spyOn(Number.prototype, "toLocaleString");
    expect(formatCount(1000)).toBe((1000).toLocaleString());
    expect(formatCount(1234567)).toBe((1234567).toLocaleString());
    expect(formatCount(2.5)).toBe((2.5).toLocaleString());
    // Three calls by formatCount, three by the expectations.
    expect(localeCalls).toHaveBeenCalledTimes(6);
  });
});
