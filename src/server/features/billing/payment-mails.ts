/**
 * The mails a payment event sends its customer: a receipt when an invoice is paid, and a notice with
 * "Pay now" when one fails. Rendered when the event is recorded and queued in its transaction, so
 * each event mails once however often it is delivered (decision 030).
 */
import { FORMAT_LOCALES, type Language } from "../../../shared/i18n/languages";
import { formatMoney } from "../../../shared/money";
import type { MailMessage } from "../../platform/adapters/mail/port";
import { escapeHtml } from "../../platform/http/escape-html";
import { translatorFor } from "../../platform/i18n/translator";
import type { Receipt } from "./ledger/receipt-lines";

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

function receiptTable(language: Language, receipt: Receipt): { text: string; html: string } {
  const i18n = translatorFor(language);
  const money = (cents: number) => formatMoney(cents, receipt.currency, FORMAT_LOCALES[language]);
  const label = (line: Receipt["lines"][number]) =>
    line.quantity === null ? line.description : `${line.quantity} × ${line.description}`;
  const rows: Array<[string, string]> = receipt.lines.map((line) => [label(line), money(line.amountCents)]);
  if (receipt.discount) {
    rows.push([i18n._({ id: "mail.receipt.subtotal", message: "Subtotal" }), money(receipt.subtotalCents)]);
    rows.push([receipt.discount.label, `−${money(receipt.discount.amountCents)}`]);
  }
  rows.push([i18n._({ id: "mail.receipt.total", message: "Total" }), money(receipt.totalCents)]);
  return {
    text: rows.map(([what, amount]) => `${what}: ${amount}`).join("\n"),
    html: `<table role="presentation" cellpadding="4">${rows
      .map(
        ([what, amount], i) =>
          `<tr><td${i === rows.length - 1 ? ' style="font-weight:bold"' : ""}>${escapeHtml(what)}</td><td align="right"${i === rows.length - 1 ? ' style="font-weight:bold"' : ""}>${escapeHtml(amount)}</td></tr>`,
      )
      .join("")}</table>`,
  };
}

export function paymentReceiptMail(
  language: Language,
  to: string,
  payment: { paidAt: Date; receipt: Receipt; receiptUrl: string | null; historyUrl: string },
): MailMessage {
  const i18n = translatorFor(language);
  const total = formatMoney(payment.receipt.totalCents, payment.receipt.currency, FORMAT_LOCALES[language]);
  const intro = i18n._({
    id: "mail.receipt.intro",
    message: "Thank you: we received your payment of {total} on {day}.",
    values: { total, day: dayOf(payment.paidAt) },
  });
  const table = receiptTable(language, payment.receipt);
  const link = payment.receiptUrl ?? payment.historyUrl;
  const action = payment.receiptUrl
    ? i18n._({ id: "mail.receipt.view", message: "View your receipt" })
    : i18n._({ id: "mail.receipt.payments", message: "See your payments" });
  const outro = i18n._({
    id: "mail.receipt.outro",
    message: "Your payments and their receipts are also listed under Transaction History in the portal.",
  });
  return {
    to,
    subject: i18n._({ id: "mail.receipt.subject", message: "Your receipt for {total}", values: { total } }),
    text: `${intro}\n\n${table.text}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p>${table.html}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function paymentFailedMail(
  language: Language,
  to: string,
  failure: {
    failedAt: Date;
    amountCents: number;
    currency: string;
    product: string | null;
    payNowUrl: string;
    historyUrl: string;
  },
): MailMessage {
  const i18n = translatorFor(language);
  const amount = formatMoney(failure.amountCents, failure.currency, FORMAT_LOCALES[language]);
  const day = dayOf(failure.failedAt);
  const intro = failure.product
    ? i18n._({
        id: "mail.payment-failed.intro-product",
        message: "Your payment of {amount} for {product} could not be taken on {day}.",
        values: { amount, product: failure.product, day },
      })
    : i18n._({
        id: "mail.payment-failed.intro",
        message: "Your payment of {amount} could not be taken on {day}.",
        values: { amount, day },
      });
  const ask = i18n._({
    id: "mail.payment-failed.ask",
    message: "Pay now to keep your plan running. If your card has changed, update it under Manage billing.",
  });
  const payNow = i18n._({ id: "mail.payment-failed.pay-now", message: "Pay now" });
  const history = i18n._({ id: "mail.payment-failed.history", message: "Transaction History" });
  const listed = i18n._({
    id: "mail.payment-failed.listed",
    message: "Your payments are listed under {history}",
    values: { history },
  });
  return {
    to,
    subject: i18n._({
      id: "mail.payment-failed.subject",
      message: "Your payment of {amount} failed",
      values: { amount },
    }),
    text: `${intro}\n\n${ask}\n\n${payNow}: ${failure.payNowUrl}\n\n${listed}: ${failure.historyUrl}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(failure.payNowUrl)}">${escapeHtml(payNow)}</a></p><p>${escapeHtml(listed).replace(escapeHtml(history), `<a href="${escapeHtml(failure.historyUrl)}">${escapeHtml(history)}</a>`)}.</p>`,
  };
}
