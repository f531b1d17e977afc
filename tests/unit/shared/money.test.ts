import { describe, expect, it } from "vitest";
import { FORMAT_LOCALES } from "../../../src/shared/i18n/languages";
import { formatMoney } from "../../../src/shared/money";
import { formatCents } from "../../../src/shared/shop/pricing";

describe("the one money format", () => {
  it("writes minor units in the locale's way and the currency's own digits", () => {
    expect(formatMoney(57190, "usd")).toBe("$571.90");
    expect(formatMoney(9800, "EUR", FORMAT_LOCALES.de)).toBe("98,00\u00a0€");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
  });

  it("puts a true minus before an amount that leaves the balance", () => {
    expect(formatMoney(-4400, "USD")).toBe("\u2212$44.00");
  });

  it("writes a code Intl refuses after the number, and an empty one as dollars", () => {
    expect(formatMoney(1234, "NOT A CODE")).toBe("12.34 NOT A CODE");
    expect(formatMoney(1234, " ")).toBe("$12.34");
  });

  it("is what the catalogue's prices use", () => {
    expect(formatCents(123450, FORMAT_LOCALES.de)).toBe(formatMoney(123450, "USD", "de-DE"));
  });
});
