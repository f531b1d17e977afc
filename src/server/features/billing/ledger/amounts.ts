/**
 * Amounts in the ledger: integer cents beside the text the operator's base holds ("98.00", "$1,234.50").
 * Integer cents keep sums and comparisons exact; the text stays as the base wrote it.
 */

// A sign, digits with optional thousands separators, and at most two decimals.
const AMOUNT_TEXT = /^(-)?(\d{1,3}(,\d{3})+|\d+)(\.(\d{1,2}))?$/;
// Currency signs and codes that may stand before or after the number.
const CURRENCY_DECORATION = /^[A-Za-z]{3}\s*|\s*[A-Za-z]{3}$|[$€£¥\s]/g;

/** The amount in cents, or null when the text is not an amount (more than two decimals, letters, ...). */
export function centsOfAmountText(text: string): number | null {
  const match = AMOUNT_TEXT.exec(text.trim().replace(CURRENCY_DECORATION, ""));
  if (!match) return null;
  const whole = Number((match[2] ?? "").replace(/,/g, ""));
  const fraction = Number((match[5] ?? "0").padEnd(2, "0"));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents) || cents > 2_147_483_647) return null;
  return match[1] ? -cents : cents;
}

/** Cents as the base writes amounts: "98.00". */
export function amountTextOfCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An ISO 4217 code in capitals; USD where the source gave none (the spec's default). */
export function currencyCode(value: string | null | undefined): string {
  const code = (value ?? "").trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : "USD";
}
