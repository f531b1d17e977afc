/** Money in the page's locale (src/shared/money.ts writes it). */
import { formatMoney as formatMoneyIn } from "../../shared/money";
import { formattingLocale } from "./format";

export function formatMoney(amountMinor: number, currency: string, locale = formattingLocale()): string {
  return formatMoneyIn(amountMinor, currency, locale);
}
