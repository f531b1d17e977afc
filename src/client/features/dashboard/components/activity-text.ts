/** How Recent Activity words an item, where it leads, and its time. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { ActivityItem } from "../../../../shared/api/activity";
import type { RevealKind } from "../../../../shared/api/linkedin-accounts";
import type { OrderStatus } from "../../../../shared/api/shop";
import type { PaymentKind } from "../../../../shared/billing/payment-kinds";
import { formattingLocale, relativeTimeFormat } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";
import { formatMoney } from "../../../lib/money";

/** Who saw which secret of whom ("x@y.com", "40 accounts"): the customer, or an administrator. */
const revealSentences: Record<
  RevealKind,
  { own: (whose: string) => MessageDescriptor; admin: (whose: string) => MessageDescriptor }
> = {
  password: {
    own: (whose) =>
      msg({ id: "dashboard.activity.reveal.password", message: `Revealed the password of ${whose}` }),
    admin: (whose) =>
      msg({
        id: "dashboard.activity.reveal.password.admin",
        message: `An administrator revealed the password of ${whose}`,
      }),
  },
  proxyPassword: {
    own: (whose) =>
      msg({
        id: "dashboard.activity.reveal.proxy-password",
        message: `Revealed the proxy password of ${whose}`,
      }),
    admin: (whose) =>
      msg({
        id: "dashboard.activity.reveal.proxy-password.admin",
        message: `An administrator revealed the proxy password of ${whose}`,
      }),
  },
  recoveryCodes: {
    own: (whose) =>
      msg({
        id: "dashboard.activity.reveal.recovery-codes",
        message: `Revealed the 2FA recovery codes of ${whose}`,
      }),
    admin: (whose) =>
      msg({
        id: "dashboard.activity.reveal.recovery-codes.admin",
        message: `An administrator revealed the 2FA recovery codes of ${whose}`,
      }),
  },
  loginCode: {
    own: (whose) =>
      msg({ id: "dashboard.activity.reveal.login-code", message: `Showed a 2FA login code of ${whose}` }),
    admin: (whose) =>
      msg({
        id: "dashboard.activity.reveal.login-code.admin",
        message: `An administrator showed a 2FA login code of ${whose}`,
      }),
  },
  export: {
    own: (whose) =>
      msg({ id: "dashboard.activity.reveal.export", message: `Exported the passwords of ${whose}` }),
    admin: (whose) =>
      msg({
        id: "dashboard.activity.reveal.export.admin",
        message: `An administrator exported the passwords of ${whose}`,
      }),
  },
};

/** A ledger event in the customer's words, with its amount and, when the ledger names it, what it paid for. */
const paymentSentences: Record<PaymentKind, (amount: string, product: string | null) => MessageDescriptor> = {
  payment: (amount, product) =>
    product
      ? msg({ id: "dashboard.activity.payment.payment.for", message: `Payment: ${amount} for ${product}` })
      : msg({ id: "dashboard.activity.payment.payment", message: `Payment: ${amount}` }),
  renewal: (amount, product) =>
    product
      ? msg({ id: "dashboard.activity.payment.renewal.for", message: `Renewal: ${amount} for ${product}` })
      : msg({ id: "dashboard.activity.payment.renewal", message: `Renewal: ${amount}` }),
  failed: (amount, product) =>
    product
      ? msg({
          id: "dashboard.activity.payment.failed.for",
          message: `Payment failed: ${amount} for ${product}`,
        })
      : msg({ id: "dashboard.activity.payment.failed", message: `Payment failed: ${amount}` }),
  refund: (amount, product) =>
    product
      ? msg({ id: "dashboard.activity.payment.refund.for", message: `Refund: ${amount} for ${product}` })
      : msg({ id: "dashboard.activity.payment.refund", message: `Refund: ${amount}` }),
  other: (amount, product) =>
    product
      ? msg({ id: "dashboard.activity.payment.other.for", message: `Other: ${amount} for ${product}` })
      : msg({ id: "dashboard.activity.payment.other", message: `Other: ${amount}` }),
};

const orderSentences: Record<OrderStatus, (amount: string, product: string) => MessageDescriptor> = {
  open: (amount, product) =>
    msg({ id: "dashboard.activity.order.open", message: `Order started: ${amount} for ${product}` }),
  paid: (amount, product) =>
    msg({ id: "dashboard.activity.order.paid", message: `Order paid: ${amount} for ${product}` }),
  cancelled: (amount, product) =>
    msg({ id: "dashboard.activity.order.cancelled", message: `Order cancelled: ${amount} for ${product}` }),
  expired: (amount, product) =>
    msg({ id: "dashboard.activity.order.expired", message: `Order expired: ${amount} for ${product}` }),
  failed: (amount, product) =>
    msg({
      id: "dashboard.activity.order.failed",
      message: `Order could not be started: ${amount} for ${product}`,
    }),
  refunded: (amount, product) =>
    msg({ id: "dashboard.activity.order.refunded", message: `Order refunded: ${amount} for ${product}` }),
};

function describeSync(item: Extract<ActivityItem, { type: "sync" }>): MessageDescriptor {
  if (item.status === "running")
    return msg({ id: "dashboard.activity.sync.running", message: "Syncing your LinkedIn accounts" });
  if (item.status === "failed")
    return msg({ id: "dashboard.activity.sync.failed", message: "A sync of your LinkedIn accounts failed" });
  // A run's count covers the customer's optimizations as well as their accounts.
  const { synced, errors } = item;
  return errors > 0
    ? msg({
        id: "dashboard.activity.sync.done-with-errors",
        message: `Synced your accounts and optimizations: ${plural(synced, { one: "# record", other: "# records" })} (${plural(errors, { one: "# error", other: "# errors" })})`,
      })
    : msg({
        id: "dashboard.activity.sync.done",
        message: plural(synced, {
          one: "Synced your accounts and optimizations: # record",
          other: "Synced your accounts and optimizations: # records",
        }),
      });
}

/**
 * "Synced your accounts and optimizations: 12 records", "Revealed the password of ana@example.com",
 * "Exported the passwords of 40 accounts" (one action over several accounts is one line), "Payment:
 * $442.00 for 3 × LinkedIn Plus", "Refund: −$44.00 for LinkedIn Automation", "Order started: $98.00
 * for 1 × LinkedIn Lite". In the page's language; `locale` only sets how the amounts are written.
 */
export function describeActivity(item: ActivityItem, locale?: string): string {
  if (item.type === "sync") return i18n._(describeSync(item));
  if (item.type === "payment") {
    const amount = formatMoney(item.amountCents, item.currency, locale);
    return i18n._(paymentSentences[item.kind](amount, item.product));
  }
  if (item.type === "order") {
    const amount = formatMoney(item.totalCents, item.currency, locale);
    return i18n._(orderSentences[item.status](amount, item.product));
  }
  const count = item.accounts;
  const whose =
    count > 1
      ? i18n._(
          msg({
            id: "dashboard.activity.accounts",
            message: plural(count, { one: "# account", other: "# accounts" }),
          }),
        )
      : item.account;
  const sentences = revealSentences[item.secret];
  return i18n._(item.byAnotherUser ? sentences.admin(whose) : sentences.own(whose));
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
  if (Math.abs(seconds) < 45) return i18n._(msg({ id: "dashboard.activity.just-now", message: "just now" }));
  const format = relativeTimeFormat(formattingLocale());
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, "second");
}
