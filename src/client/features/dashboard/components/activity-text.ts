/** How Recent Activity words an item, where it leads, and its time. */
import type { ActivityItem } from "../../../../shared/api/activity";
import type { RevealKind } from "../../../../shared/api/linkedin-accounts";
import type { OrderStatus } from "../../../../shared/api/shop";
import { PAYMENT_KIND_LABELS } from "../../../../shared/billing/payment-kinds";
import { formatCount } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";

const revealWords: Record<RevealKind, [verb: string, what: string]> = {
  password: ["revealed", "the password"],
  proxyPassword: ["revealed", "the proxy password"],
  recoveryCodes: ["revealed", "the 2FA recovery codes"],
  loginCode: ["showed", "a 2FA login code"],
  export: ["exported", "the passwords"],
};

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
}

const orderWords: Record<OrderStatus, string> = {
  open: "Order started",
  paid: "Order paid",
  cancelled: "Order cancelled",
  expired: "Order expired",
  failed: "Order could not be started",
  refunded: "Order refunded",
};

/**
 * "Synced your accounts and optimizations: 12 records", "Revealed the password of ana@example.com",
 * "Exported the passwords of 40 accounts" (one action over several accounts is one line), "Payment:
 * $442.00 for 3 × LinkedIn Plus", "Refund: −$44.00 for LinkedIn Automation", "Order started: $98.00
 * for 1 × LinkedIn Lite".
 */
export function describeActivity(item: ActivityItem, locale?: string): string {
  if (item.type === "sync") {
    if (item.status === "running") return "Syncing your LinkedIn accounts";
    if (item.status === "failed") return "A sync of your LinkedIn accounts failed";
    // A run's count covers the customer's optimizations as well as their accounts.
    const synced = `Synced your accounts and optimizations: ${plural(item.synced, "record")}`;
    return item.errors > 0 ? `${synced} (${plural(item.errors, "error")})` : synced;
  }
  if (item.type === "payment") {
    const amount = `${PAYMENT_KIND_LABELS[item.kind]}: ${formatMoney(item.amountCents, item.currency, locale)}`;
    return item.product ? `${amount} for ${item.product}` : amount;
  }
  if (item.type === "order") {
    const amount = formatMoney(item.totalCents, item.currency, locale);
    return `${orderWords[item.status]}: ${amount} for ${item.product}`;
  }
  const [verb, what] = revealWords[item.secret];
  const whose = item.accounts > 1 ? plural(item.accounts, "account") : item.account;
  const sentence = `${verb} ${what} of ${whose}`;
  return item.byAnotherUser
    ? `An administrator ${sentence}`
    : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The page that lists the item in full: the billing history for a payment, the orders for an order. */
export function activityLink(item: ActivityItem): string | null {
  if (item.type === "payment") return "/billing/transactions";
  if (item.type === "order") return "/billing/orders";
  return null;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "yesterday": the exact local time goes in the element's title. */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (Math.abs(seconds) < 45) return "just now";
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, "second");
}

export function localDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
