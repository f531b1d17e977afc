// @vitest-environment node
import { describe, expect, it } from "vitest";
import { firstName } from "../../../src/client/features/dashboard/components/welcome-banner";
import { describeUserAgent } from "../../../src/shared/user-agent";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      { browser: "Chrome", os: "Windows", mobile: false },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      { browser: "Edge", os: "Windows", mobile: false },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      { browser: "Safari", os: "macOS", mobile: false },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      { browser: "Safari", os: "iOS", mobile: true },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      { browser: "Chrome", os: "Android", mobile: true },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
      { browser: "Firefox", os: "Linux", mobile: false },
    ],
  ])("names %s", (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });

  it("copes with no User-Agent at all", () => {
    expect(describeUserAgent(null)).toEqual({
      browser: "Unknown browser",
      os: "an unknown system",
      mobile: false,
    });
  });
});

describe("firstName", () => {
  it("takes the first word of a name", () => {
    expect(firstName("Dana Smith")).toBe("Dana");
    expect(firstName("  Cher ")).toBe("Cher");
  });
});
