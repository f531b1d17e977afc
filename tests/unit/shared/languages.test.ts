import { describe, expect, it } from "vitest";
import { isLanguage, languageOf, negotiateLanguage } from "../../../src/shared/i18n/languages";

describe("the language a browser asks for", () => {
  it("takes the portal's language with the highest weight, by its primary subtag", () => {
    expect(negotiateLanguage("de-AT,de;q=0.9,en;q=0.8")).toBe("de");
    expect(negotiateLanguage("fr-FR, fr;q=0.9, en-GB;q=0.8, de;q=0.7")).toBe("en");
    expect(negotiateLanguage("en;q=0.5, DE;q=0.6")).toBe("de");
    expect(negotiateLanguage("en-US")).toBe("en");
  });

  it("keeps the earlier of equal weights", () => {
    expect(negotiateLanguage("de, en")).toBe("de");
    expect(negotiateLanguage("en;q=0.8, de;q=0.8")).toBe("en");
  });

  it("asks for none when the header names none of the portal's, or refuses them", () => {
    for (const header of [
      undefined,
      null,
      "",
      "fr, es;q=0.5",
      "*",
      "de;q=0",
      "deu",
      "de;q=abc",
      "de;q=2",
      ",,;",
    ]) {
      expect(negotiateLanguage(header), String(header)).toBeNull();
    }
    expect(negotiateLanguage("de;q=0, en;q=0.1")).toBe("en");
  });

  it("reads no further than a sensible header's length", () => {
    expect(negotiateLanguage(`${"xx;q=0.1, ".repeat(200)}de`)).toBeNull();
    expect(negotiateLanguage(`de, ${"xx;q=0.1, ".repeat(200)}`)).toBe("de");
  });

  it("speaks the chosen language, else the last signed-in browser's, else the asking one's, else English", () => {
    expect(languageOf({ language: "de", browserLanguage: "en" }, "en")).toBe("de");
    expect(languageOf({ language: null, browserLanguage: "de" }, "en")).toBe("de");
    expect(languageOf({ language: null, browserLanguage: null }, "de")).toBe("de");
    expect(languageOf({ language: null, browserLanguage: null })).toBe("en");
  });

  it("knows its languages", () => {
    expect(isLanguage("de")).toBe(true);
    expect(isLanguage("fr")).toBe(false);
    expect(isLanguage(1)).toBe(false);
  });
});
