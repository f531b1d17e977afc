import { describe, expect, it } from "vitest";
import {
  decodeBase32,
  encodeBase32,
  hotp,
  InvalidBase32Error,
  timeStep,
  totp,
} from "../../../src/server/platform/secrets/totp";

// The key of both RFCs' test vectors: the ASCII bytes of "12345678901234567890".
const RFC_KEY = Buffer.from("12345678901234567890", "ascii");
const RFC_KEY_BASE32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("hotp", () => {
  it("gives the RFC 4226 Appendix D values for counters 0 to 9", () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });
});

describe("totp", () => {
  // RFC 6238 Appendix B, SHA-1 column: time in seconds → 8-digit code.
  const vectors: Array<[number, string]> = [
    [59, "94287082"],
    [1_111_111_109, "07081804"],
    [1_111_111_111, "14050471"],
    [1_234_567_890, "89005924"],
    [2_000_000_000, "69279037"],
    [20_000_000_000, "65353130"],
  ];

  it.each(vectors)("gives the RFC 6238 8-digit code at T=%i", (seconds, code) => {
    expect(totp(RFC_KEY, seconds * 1000, { digits: 8 }).code).toBe(code);
  });

  it.each(vectors)("gives the last 6 digits as the 6-digit code at T=%i", (seconds, code) => {
    expect(totp(RFC_KEY, seconds * 1000).code).toBe(code.slice(-6));
  });

  it("says how many seconds the code has left in its 30-second step", () => {
    expect(totp(RFC_KEY, 59_000).secondsLeft).toBe(1);
    expect(totp(RFC_KEY, 60_000).secondsLeft).toBe(30);
    expect(totp(RFC_KEY, 60_999).secondsLeft).toBe(30);
    expect(totp(RFC_KEY, 71_500).secondsLeft).toBe(19);
  });

  it("keeps one code for a whole step and changes it at the next", () => {
    expect(totp(RFC_KEY, 30_000).code).toBe(totp(RFC_KEY, 59_999).code);
    expect(totp(RFC_KEY, 59_999).code).not.toBe(totp(RFC_KEY, 60_000).code);
  });
});

describe("decodeBase32", () => {
  it("decodes the RFC key, in any case, with spaces, with or without padding", () => {
    for (const text of [
      RFC_KEY_BASE32,
      RFC_KEY_BASE32.toLowerCase(),
      "gezd gnbv gy3t qojq gezd gnbv gy3t qojq",
      " GEZDGNBVGY3TQOJQ\tGEZDGNBVGY3TQOJQ ",
    ]) {
      expect(decodeBase32(text)).toEqual(RFC_KEY);
    }
  });

  it("decodes keys whose length needs padding, padded or not", () => {
    // "f", "fo", "foo", "foob" from RFC 4648's examples.
    expect(decodeBase32("MY======").toString()).toBe("f");
    expect(decodeBase32("MZXQ").toString()).toBe("fo");
    expect(decodeBase32("mzxw6").toString()).toBe("foo");
    expect(decodeBase32("MZXW6YQ=").toString()).toBe("foob");
    expect(decodeBase32("JBSWY3DPEHPK3PXP").toString("hex")).toBe("48656c6c6f21deadbeef");
  });

  it("reads back what encodeBase32 writes, unpadded, for every length", () => {
    expect(encodeBase32(RFC_KEY)).toBe(RFC_KEY_BASE32);
    expect(encodeBase32(Buffer.from("f"))).toBe("MY");
    expect(encodeBase32(Buffer.from("foob"))).toBe("MZXW6YQ");
    for (let length = 1; length <= 25; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + length) & 0xff));
      expect(decodeBase32(encodeBase32(bytes))).toEqual(bytes);
    }
  });

  it("refuses what is not base32", () => {
    for (const text of ["", "   ", "====", "GEZDGNB1", "not-base32!", "ABC", "A", "ABCDEF", "GEZD=GNB"]) {
      expect(() => decodeBase32(text), text).toThrow(InvalidBase32Error);
    }
    // The reveal route tells this error from others by its class; its message reaches the log.
    const refusal = (() => {
      try {
        decodeBase32("GEZDGNB1");
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toMatchObject({ name: "InvalidBase32Error", message: "not a base32 key" });
    expect(() => decodeBase32("A")).toThrow("not a base32 key");
  });
});

describe("timeStep", () => {
  it("counts whole periods since the epoch (RFC 6238's T)", () => {
    // RFC 6238, appendix B: 59 s is step 1, 1111111109 s is step 0x23523EC.
    expect(timeStep(59_000)).toBe(1);
    expect(timeStep(1_111_111_109_000)).toBe(0x23523ec);
    expect(timeStep(29_999)).toBe(0);
    expect(timeStep(30_000)).toBe(1);
    expect(timeStep(120_000, 60)).toBe(2);
  });
});
