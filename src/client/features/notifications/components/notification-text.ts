/**
 * How an entry of the customer's notifications reads: the server sends its kind and the values it is
 * built from (decision 040), and the words are the client's, so a later move to message catalogues
 * changes this one module.
 */
import type { Notification, NotificationKind } from "../../../../shared/api/notifications";
import type { RequestStatus } from "../../../../shared/api/replacement-requests";
import { ACCOUNT_STATUS_LABELS, accountStatusOf } from "../../../../shared/linkedin-account-rules";
import { optimizationStatusLabel } from "../../../../shared/optimization-status";
import { formatDate } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";

type Detail = Notification["detail"];

/** A value of the entry's detail as text, or `fallback` when it is missing or empty. */
function text(detail: Detail, key: string, fallback: string): string {
  const value = detail[key];
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
}

function accountStatus(detail: Detail, key: string): string {
  const value = detail[key];
  return typeof value === "string" && value.trim() !== ""
    ? ACCOUNT_STATUS_LABELS[accountStatusOf(value)]
    : "no status";
}

function amount(detail: Detail, locale?: string): string {
  const cents = detail.amount;
  const currency = typeof detail.currency === "string" ? detail.currency : "USD";
  return typeof cents === "number" && Number.isFinite(cents)
    ? formatMoney(Math.abs(Math.round(cents)), currency, locale)
    : "an unknown amount";
}

function forProduct(detail: Detail): string {
  const product = text(detail, "product", "");
  return product ? ` for ${product}` : "";
}

const requestOutcome: Record<RequestStatus, string> = {
  submitted: "was received",
  in_progress: "is in progress",
  fixed: "was fixed",
  replaced: "was replaced",
  declined: "was declined",
  withdrawn: "was withdrawn",
};

function requestSentence(detail: Detail): string {
  const about = `Your request about ${text(detail, "account", "an account")}`;
  const to = text(detail, "to", "");
  if (to === "replaced") {
    const replacement = text(detail, "replacement", "");
    return replacement ? `${about} was replaced by ${replacement}` : `${about} was replaced`;
  }
  if (to in requestOutcome) {
    const sentence = `${about} ${requestOutcome[to as RequestStatus]}`;
    const note = text(detail, "note", "");
    return to === "declined" && note ? `${sentence}: ${note}` : sentence;
  }
  return `${about} changed`;
}

const sentences: Record<NotificationKind, (detail: Detail, locale?: string) => string> = {
  account_status_changed: (d) =>
    `${text(d, "account", "An account")}'s status changed from ${accountStatus(d, "from")} to ${accountStatus(d, "to")}`,
  account_delivered: (d) => `A new account was delivered: ${text(d, "account", "a LinkedIn account")}`,
  optimization_status_changed: (d) =>
    `Your optimization request '${text(d, "optimization", "Untitled")}' moved to ${optimizationStatusLabel(text(d, "to", ""))}`,
  request_status_changed: requestSentence,
  payment_failed: (d, locale) => `A payment of ${amount(d, locale)}${forProduct(d)} failed`,
  payment_refunded: (d, locale) => `A refund of ${amount(d, locale)}${forProduct(d)} was made`,
  new_sign_in: (d) => {
    const place = text(d, "place", "");
    return `New sign-in from ${text(d, "browser", "an unknown browser")}${place ? ` near ${place}` : ""}`;
  },
};

/**
 * "Jane Doe's status changed from Signed In to Restricted", "A new account was delivered: Jane Doe",
 * "Your optimization request 'Acme' moved to In progress", "Your request about Jane Doe was replaced by
 * John Roe", "A payment of $98.00 failed", "A refund of $40.00 was made", "New sign-in from Chrome on
 * Linux".
 */
export function describeNotification(entry: Pick<Notification, "kind" | "detail">, locale?: string): string {
  return sentences[entry.kind](entry.detail, locale);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? "";
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relativeFormats.set(key, format);
  }
  return format;
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the date itself. */
export function formatRelativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const ago = Math.max(0, now - time);
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return relativeFormat(locale).format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relativeFormat(locale).format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return relativeFormat(locale).format(-Math.floor(ago / DAY), "day");
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
