/**
 * The words of the notification mail: one mail listing the changes a digest gathered, one line
 * each, with a link to the notifications page. English for now; every word of it lives here, so that
 * a translation has one module to replace.
 */
import type { NotificationKind } from "../../shared/api/notifications";
import type { MailMessage } from "../adapters/mail/port";
import { escapeHtml } from "../http/escape-html";

export interface MailedNotification {
  kind: NotificationKind;
  detail: Record<string, string | number | null>;
}

const str = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? "" : String(value);

/** A status as a person reads it: `in_review` → `in review`. */
const status = (value: string | number | null | undefined): string => str(value).replaceAll("_", " ");

function money(cents: string | number | null | undefined, currency: string | number | null | undefined) {
  const amount = Number(cents);
  if (!Number.isFinite(amount)) return "";
  const code = /^[A-Za-z]{3}$/.test(str(currency)) ? str(currency).toUpperCase() : "USD";
  return new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(amount / 100);
}

const REQUEST_STATES: Record<string, string> = {
  submitted: "was received",
  in_progress: "is being worked on",
  fixed: "is done: the account was fixed",
  replaced: "is done: the account was replaced",
  declined: "was declined",
  withdrawn: "was withdrawn",
};

/** One line of the mail for one entry. */
export function notificationLine({ kind, detail }: MailedNotification): string {
  switch (kind) {
    case "account_status_changed":
      return `LinkedIn account ${str(detail.account)}: ${status(detail.from)} → ${status(detail.to)}`;
    case "account_delivered":
      return `New LinkedIn account delivered: ${str(detail.account)}`;
    case "optimization_status_changed":
      return `Profile optimization ${str(detail.optimization)}: ${status(detail.from)} → ${status(detail.to)}`;
    case "request_status_changed": {
      const state = REQUEST_STATES[str(detail.to)] ?? `is now ${status(detail.to)}`;
      const replacement = detail.replacement ? ` (new account: ${str(detail.replacement)})` : "";
      return `Your replacement request for ${str(detail.account)} ${state}${replacement}`;
    }
    case "payment_failed":
      return `A payment of ${money(detail.amount, detail.currency)}${detail.product ? ` for ${str(detail.product)}` : ""} failed`;
    case "payment_refunded":
      return `${money(detail.amount, detail.currency)}${detail.product ? ` for ${str(detail.product)}` : ""} was refunded`;
    case "new_sign_in":
      return `New sign-in from ${str(detail.browser) || "a new browser"}${detail.place ? ` (${str(detail.place)})` : ""}`;
  }
}

export function notificationDigestSubject(count: number): string {
  return count === 1
    ? "1 change to your accounts and orders"
    : `${count} changes to your accounts and orders`;
}

/** A mail lists this many changes at most; the page has them all. */
export const MAX_MAIL_LINES = 50;

/** The mail listing these entries, oldest first, with a link to the notifications page. */
export function notificationDigestMail(
  to: string,
  appUrl: string,
  entries: MailedNotification[],
): MailMessage {
  const lines = entries.slice(0, MAX_MAIL_LINES).map(notificationLine);
  if (entries.length > MAX_MAIL_LINES) lines.push(`and ${entries.length - MAX_MAIL_LINES} more`);
  const url = `${appUrl}/notifications`;
  const intro = "Here is what changed in your portal:";
  const outro =
    "You get these mails for the topics switched on under Settings → Notifications, where you can change them.";
  return {
    to,
    subject: notificationDigestSubject(entries.length),
    text: `${intro}\n\n${lines.map((line) => `- ${line}`).join("\n")}\n\nSee them all: ${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul><p><a href="${escapeHtml(url)}">See them all</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
