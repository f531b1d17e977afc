/**
 * Money as a customer reads it: in the page's locale and the amount's own currency, with a true
 * minus sign before an amount that leaves their balance ("−$44.00" for a refund).
 */
import { formattingLocale } from "./format";

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ""}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount in the currency's minor unit: 44200 USD is "$442.00", -4400 USD is "−$44.00", 1500 JPY
 * (a currency without cents) is "¥1,500". A code the browser does not accept is written after the
 * number.
 */
export function formatMoney(amountMinor: number, currency: string, locale = formattingLocale()): string {
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
