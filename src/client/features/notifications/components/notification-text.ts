/**
 * How an entry of the customer's notifications reads: the server sends its kind and the values it is
 * built from (decision 040), and the words are the client's, in the page's language.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Notification, NotificationKind } from "../../../../shared/api/notifications";
import type { RequestStatus } from "../../../../shared/api/replacement-requests";
import { type AccountStatus, accountStatusOf } from "../../../../shared/linkedin-account-rules";
import { optimizationStatusText } from "../../../../shared/optimization-status";
import { formatDate, formattingLocale, relativeTimeFormat } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";
import { formatMoney } from "../../../lib/money";

type Detail = Notification["detail"];

/** A value of the entry's detail as text, or "" when it is missing or empty. */
function text(detail: Detail, key: string): string {
  const value = detail[key];
  if (typeof value === "number") return String(value);
  return typeof value === "string" ? value.trim() : "";
}

/** A value of the entry's detail, or the words that stand in for it when it is missing. */
function textOr(detail: Detail, key: string, fallback: MessageDescriptor): string {
  return text(detail, key) || i18n._(fallback);
}

/** The portal's words for an account's sign-in state. */
const accountStatusWords: Record<AccountStatus, MessageDescriptor> = {
  "signed-in": msg({ id: "notifications.account-status.signed-in", message: "Signed In" }),
  "not-signed-in": msg({ id: "notifications.account-status.not-signed-in", message: "Not Signed In" }),
  "wrong-password": msg({ id: "notifications.account-status.wrong-password", message: "Wrong Password" }),
  restricted: msg({ id: "notifications.account-status.restricted", message: "Restricted" }),
};

function accountStatus(detail: Detail, key: string): string {
  const value = detail[key];
  return typeof value === "string" && value.trim() !== ""
    ? i18n._(accountStatusWords[accountStatusOf(value)])
    : i18n._(msg({ id: "notifications.account-status.none", message: "no status" }));
}

function amount(detail: Detail, locale?: string): string {
  const cents = detail.amount;
  const currency = typeof detail.currency === "string" ? detail.currency : "USD";
  return typeof cents === "number" && Number.isFinite(cents)
    ? formatMoney(Math.abs(Math.round(cents)), currency, locale)
    : i18n._(msg({ id: "notifications.unknown-amount", message: "an unknown amount" }));
}

/** "Your request about Jane Doe was received", …, by where the request stands now. */
const requestOutcomes: Record<RequestStatus, (account: string) => MessageDescriptor> = {
  submitted: (account) =>
    msg({ id: "notifications.request.submitted", message: `Your request about ${account} was received` }),
  in_progress: (account) =>
    msg({ id: "notifications.request.in-progress", message: `Your request about ${account} is in progress` }),
  fixed: (account) =>
    msg({ id: "notifications.request.fixed", message: `Your request about ${account} was fixed` }),
  replaced: (account) =>
    msg({ id: "notifications.request.replaced", message: `Your request about ${account} was replaced` }),
  declined: (account) =>
    msg({ id: "notifications.request.declined", message: `Your request about ${account} was declined` }),
  withdrawn: (account) =>
    msg({ id: "notifications.request.withdrawn", message: `Your request about ${account} was withdrawn` }),
};

function requestSentence(detail: Detail): MessageDescriptor {
  const account = textOr(
    detail,
    "account",
    msg({ id: "notifications.request.an-account", message: "an account" }),
  );
  const to = text(detail, "to");
  const replacement = text(detail, "replacement");
  if (to === "replaced" && replacement)
    return msg({
      id: "notifications.request.replaced-by",
      message: `Your request about ${account} was replaced by ${replacement}`,
    });
  const note = text(detail, "note");
  if (to === "declined" && note)
    return msg({
      id: "notifications.request.declined-note",
      message: `Your request about ${account} was declined: ${note}`,
    });
  if (Object.hasOwn(requestOutcomes, to)) return requestOutcomes[to as RequestStatus](account);
  return msg({ id: "notifications.request.changed", message: `Your request about ${account} changed` });
}

const sentences: Record<NotificationKind, (detail: Detail, locale?: string) => MessageDescriptor> = {
  account_status_changed: (d) => {
    const account = text(d, "account");
    const from = accountStatus(d, "from");
    const to = accountStatus(d, "to");
    return account
      ? msg({
          id: "notifications.account-status-changed",
          message: `${account}'s status changed from ${from} to ${to}`,
        })
      : msg({
          id: "notifications.account-status-changed.unnamed",
          message: `An account's status changed from ${from} to ${to}`,
        });
  },
  account_delivered: (d) => {
    const account = textOr(
      d,
      "account",
      msg({ id: "notifications.account-delivered.unnamed", message: "a LinkedIn account" }),
    );
    return msg({ id: "notifications.account-delivered", message: `A new account was delivered: ${account}` });
  },
  optimization_status_changed: (d) => {
    const optimization = textOr(
      d,
      "optimization",
      msg({ id: "notifications.optimization.untitled", message: "Untitled" }),
    );
    // A known status in the page's language, as the optimization screens write it; another as the operator wrote it.
    const status = optimizationStatusText(text(d, "to"), i18n);
    return msg({
      id: "notifications.optimization-status-changed",
      // ICU reads a lone apostrophe before a placeholder as quoting it: doubled, it is an apostrophe.
      message: `Your optimization request ''${optimization}'' moved to ${status}`,
    });
  },
  request_status_changed: requestSentence,
  payment_failed: (d, locale) => {
    const sum = amount(d, locale);
    const product = text(d, "product");
    return product
      ? msg({ id: "notifications.payment-failed.for", message: `A payment of ${sum} for ${product} failed` })
      : msg({ id: "notifications.payment-failed", message: `A payment of ${sum} failed` });
  },
  payment_refunded: (d, locale) => {
    const sum = amount(d, locale);
    const product = text(d, "product");
    return product
      ? msg({
          id: "notifications.payment-refunded.for",
          message: `A refund of ${sum} for ${product} was made`,
        })
      : msg({ id: "notifications.payment-refunded", message: `A refund of ${sum} was made` });
  },
  new_sign_in: (d) => {
    const browser = textOr(
      d,
      "browser",
      msg({ id: "notifications.new-sign-in.unknown-browser", message: "an unknown browser" }),
    );
    const place = text(d, "place");
    return place
      ? msg({ id: "notifications.new-sign-in.near", message: `New sign-in from ${browser} near ${place}` })
      : msg({ id: "notifications.new-sign-in", message: `New sign-in from ${browser}` });
  },
};

/**
 * "Jane Doe's status changed from Signed In to Restricted", "A new account was delivered: Jane Doe",
 * "Your optimization request 'Acme' moved to In progress", "Your request about Jane Doe was replaced by
 * John Roe", "A payment of $98.00 failed", "A refund of $40.00 was made", "New sign-in from Chrome on
 * Linux". In the page's language; `locale` only sets how the amounts are written.
 */
export function describeNotification(entry: Pick<Notification, "kind" | "detail">, locale?: string): string {
  return i18n._(sentences[entry.kind](entry.detail, locale));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date itself. */
export function formatRelativeTime(
  iso: string,
  now: number = Date.now(),
  locale = formattingLocale(),
): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const ago = Math.max(0, now - time);
  if (ago < MINUTE) return i18n._(msg({ id: "notifications.just-now", message: "just now" }));
  if (ago < HOUR) return relativeTimeFormat(locale).format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relativeTimeFormat(locale).format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return relativeTimeFormat(locale).format(-Math.floor(ago / DAY), "day");
  return formatDate(iso);
}

/**
 * Where an entry may lead: a path inside the portal only. A link from the server that is not one
 * (another site, `//host`, `javascript:`) leads nowhere rather than out of the portal.
 */
export function portalPath(link: string | null): string | null {
  if (link === null || !link.startsWith("/") || link.startsWith("//") || link.includes("\\")) return null;
  return link;
}
