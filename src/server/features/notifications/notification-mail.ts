/**
 * The words of the notification mail, in the customer's language (decision 051): one mail listing the
 * changes a digest gathered, one line each, with a link to the notifications page. The statuses are
 * the operator's own words and stay as they are.
 */
import type { NotificationKind } from "../../../shared/api/notifications";
import { FORMAT_LOCALES, type Language } from "../../../shared/i18n/languages";
import { formatMoney } from "../../../shared/money";
import type { MailMessage } from "../../platform/adapters/mail/port";
import { escapeHtml } from "../../platform/http/escape-html";
import { translatorFor } from "../../platform/i18n/translator";

export interface MailedNotification {
  kind: NotificationKind;
  detail: Record<string, string | number | null>;
}

const str = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? "" : String(value);

/** A status as a person reads it: `in_review` → `in review`. */
const status = (value: string | number | null | undefined): string => str(value).replaceAll("_", " ");

function money(
  language: Language,
  cents: string | number | null | undefined,
  currency: string | number | null | undefined,
) {
  const amount = Number(cents);
  if (!Number.isFinite(amount)) return "";
  const code = /^[A-Za-z]{3}$/.test(str(currency)) ? str(currency).toUpperCase() : "USD";
  return formatMoney(amount, code, FORMAT_LOCALES[language]);
}

/** What became of a replacement request, in the words of the line that tells it. */
function requestState(language: Language, to: string): string {
  const i18n = translatorFor(language);
  switch (to) {
    case "submitted":
      return i18n._({ id: "mail.digest.request.submitted", message: "was received" });
    case "in_progress":
      return i18n._({ id: "mail.digest.request.in-progress", message: "is being worked on" });
    case "fixed":
      return i18n._({ id: "mail.digest.request.fixed", message: "is done: the account was fixed" });
    case "replaced":
      return i18n._({ id: "mail.digest.request.replaced", message: "is done: the account was replaced" });
    case "declined":
      return i18n._({ id: "mail.digest.request.declined", message: "was declined" });
    case "withdrawn":
      return i18n._({ id: "mail.digest.request.withdrawn", message: "was withdrawn" });
    default:
      return i18n._({
        id: "mail.digest.request.other",
        message: "is now {status}",
        values: { status: status(to) },
      });
  }
}

/** One line of the mail for one entry. */
export function notificationLine(language: Language, { kind, detail }: MailedNotification): string {
  const i18n = translatorFor(language);
  switch (kind) {
    case "account_status_changed":
      return i18n._({
        id: "mail.digest.account-status",
        message: "LinkedIn account {account}: {from} → {to}",
        values: { account: str(detail.account), from: status(detail.from), to: status(detail.to) },
      });
    case "account_delivered":
      return i18n._({
        id: "mail.digest.account-delivered",
        message: "New LinkedIn account delivered: {account}",
        values: { account: str(detail.account) },
      });
    case "optimization_status_changed":
      return i18n._({
        id: "mail.digest.optimization-status",
        message: "Profile optimization {optimization}: {from} → {to}",
        values: { optimization: str(detail.optimization), from: status(detail.from), to: status(detail.to) },
      });
    case "request_status_changed": {
      const values = { account: str(detail.account), state: requestState(language, str(detail.to)) };
      return detail.replacement
        ? i18n._({
            id: "mail.digest.request-replaced-by",
            message: "Your replacement request for {account} {state} (new account: {replacement})",
            values: { ...values, replacement: str(detail.replacement) },
          })
        : i18n._({
            id: "mail.digest.request",
            message: "Your replacement request for {account} {state}",
            values,
          });
    }
    case "payment_failed": {
      const amount = money(language, detail.amount, detail.currency);
      return detail.product
        ? i18n._({
            id: "mail.digest.payment-failed-product",
            message: "A payment of {amount} for {product} failed",
            values: { amount, product: str(detail.product) },
          })
        : i18n._({
            id: "mail.digest.payment-failed",
            message: "A payment of {amount} failed",
            values: { amount },
          });
    }
    case "payment_refunded": {
      const amount = money(language, detail.amount, detail.currency);
      return detail.product
        ? i18n._({
            id: "mail.digest.refunded-product",
            message: "{amount} for {product} was refunded",
            values: { amount, product: str(detail.product) },
          })
        : i18n._({ id: "mail.digest.refunded", message: "{amount} was refunded", values: { amount } });
    }
    case "new_sign_in": {
      const browser =
        str(detail.browser) ||
        i18n._({ id: "mail.digest.sign-in.unknown-browser", message: "a new browser" });
      return detail.place
        ? i18n._({
            id: "mail.digest.sign-in-place",
            message: "New sign-in from {browser} ({place})",
            values: { browser, place: str(detail.place) },
          })
        : i18n._({ id: "mail.digest.sign-in", message: "New sign-in from {browser}", values: { browser } });
    }
  }
}

export function notificationDigestSubject(language: Language, count: number): string {
  const i18n = translatorFor(language);
  return i18n._({
    id: "mail.digest.subject",
    message:
      "{count, plural, one {# change to your accounts and orders} other {# changes to your accounts and orders}}",
    values: { count },
  });
}

/** A mail lists this many changes at most; the page has them all. */
export const MAX_MAIL_LINES = 50;

/** The mail listing these entries, oldest first, with a link to the notifications page. */
export function notificationDigestMail(
  language: Language,
  to: string,
  appUrl: string,
  entries: MailedNotification[],
): MailMessage {
  const i18n = translatorFor(language);
  const lines = entries.slice(0, MAX_MAIL_LINES).map((entry) => notificationLine(language, entry));
  if (entries.length > MAX_MAIL_LINES) {
    lines.push(
      i18n._({
        id: "mail.digest.more",
        message: "and {count} more",
        values: { count: entries.length - MAX_MAIL_LINES },
      }),
    );
  }
  const url = `${appUrl}/notifications`;
  const intro = i18n._({ id: "mail.digest.intro", message: "Here is what changed in your portal:" });
  const seeAll = i18n._({ id: "mail.digest.see-all", message: "See them all" });
  const outro = i18n._({
    id: "mail.digest.outro",
    message:
      "You get these mails for the topics switched on under Settings → Notifications, where you can change them.",
  });
  return {
    to,
    subject: notificationDigestSubject(language, entries.length),
    text: `${intro}\n\n${lines.map((line) => `- ${line}`).join("\n")}\n\n${seeAll}: ${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul><p><a href="${escapeHtml(url)}">${escapeHtml(seeAll)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
