import { describe, expect, it } from "vitest";
import { nameSchema, updateProfileSchema } from "../../../src/shared/api/auth";
import { cleanedName, plainAddress, unfitNameCharacter } from "../../../src/shared/api/outside-identity";

describe("an email from outside the portal", () => {
  it("is kept when it is one plain address Settings takes", () => {
    expect(plainAddress("ann@example.com")).toBe("ann@example.com");
    expect(plainAddress("  Ann.Lee+portal@Example.com ")).toBe("Ann.Lee+portal@Example.com");
  });

  it.each([
    "x@example.com\r\nBcc: injected@evil.example",
    "x@example.com\nx",
    "a@example.com, b@example.com",
    "a@example.com;b@example.com",
    "Ann <ann@example.com>",
    "ann@example.com\u0000",
    "ann\u200b@example.com",
    "ann@",
    "",
    `${"a".repeat(250)}@example.com`,
    undefined,
    42,
  ])("is none when it is not: %j", (value) => {
    expect(plainAddress(value)).toBeNull();
  });
});

describe("a name from outside the portal", () => {
  it.each([
    ["Ann\u202eyelsew\u202c Lee", "Annyelsew Lee"],
    ["Zero\u200bWidth\ufeff", "ZeroWidth"],
    ["Line\r\nBreak\tTab", "Line Break Tab"],
    ["Bell\u0007Esc\u001b[2J", "BellEsc[2J"],
    ["Nul\u0000Name", "NulName"],
    ["  Ann   Lee  ", "Ann Lee"],
    ["Zoë Ångström", "Zoë Ångström"],
  ])("is cleaned to what Settings takes: %j", (given, cleaned) => {
    expect(cleanedName(given)).toBe(cleaned);
    expect(updateProfileSchema.shape.name.safeParse(cleaned).success).toBe(true);
  });

  it("is cut to 100 characters without splitting a character", () => {
    const long = cleanedName(`${"a".repeat(99)}😀b`);
    expect(long).toBe("a".repeat(99));
    expect(nameSchema.safeParse(cleanedName("é".repeat(150))).success).toBe(true);
  });

  it("is none when nothing is left", () => {
    expect(cleanedName("\u200b\u0000 \r\n")).toBeNull();
    expect(cleanedName(undefined)).toBeNull();
  });

  it("names the first character that keeps it from Settings", () => {
    expect(unfitNameCharacter("Ann\u202eLee")).toBe("\u202e");
    expect(unfitNameCharacter("Ann\r\nLee")).toBe("\r");
    expect(unfitNameCharacter("Ann Lee")).toBeUndefined();
  });
});
