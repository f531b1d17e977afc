/**
 * Money as people read it, on both sides: in a locale's way of writing and the amount's own
 * currency, with a true minus sign before an amount that leaves a balance ("−$44.00" for a refund).
 * The browser passes the page's locale (client/lib/money.ts); the server the reader's language's
 * (FORMAT_LOCALES).
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in the currency's minor unit: 44200 USD is "$442.00", -4400 USD is "−$44.00", 1500 JPY
 * (a currency without cents) is "¥1,500". A code Intl does not accept is written after the number.
 */
export function formatMoney(amountMinor: number, currency: string, locale = "en-US"): string {
  const code = currency.trim().toUpperCase() || "USD";
  const sign = amountMinor < 0 ? "\u2212" : "";
  const magnitude = Math.abs(amountMinor);
  try {
    const format = formatOf(code, locale);
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return `${sign}${format.format(magnitude / 10 ** digits)}`;
  } catch {
    return `${sign}${(magnitude / 100).toFixed(2)} ${code}`;
  }
}
