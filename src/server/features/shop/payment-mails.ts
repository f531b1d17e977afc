/**
 * The mails a payment event sends its customer: a receipt when an invoice is paid, and a notice with
 * "Pay now" when one fails. Rendered when the event is recorded and queued in its transaction, so
 * each event mails once however often it is delivered (decision 030).
 */
import type { MailMessage } from "../../adapters/mail/port";
import { escapeHtml } from "../../http/escape-html";
import { formatMoney, type Receipt } from "../../ledger/receipt-lines";

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

function receiptTable(receipt: Receipt): { text: string; html: string } {
  const money = (cents: number) => formatMoney(cents, receipt.currency);
  const label = (line: Receipt["lines"][number]) =>
    line.quantity === null ? line.description : `${line.quantity} × ${line.description}`;
  const rows: Array<[string, string]> = receipt.lines.map((line) => [label(line), money(line.amountCents)]);
  if (receipt.discount) {
    rows.push(["Subtotal", money(receipt.subtotalCents)]);
    rows.push([receipt.discount.label, `−${money(receipt.discount.amountCents)}`]);
  }
  rows.push(["Total", money(receipt.totalCents)]);
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
  to: string,
  payment: { paidAt: Date; receipt: Receipt; receiptUrl: string | null; historyUrl: string },
): MailMessage {
  const total = formatMoney(payment.receipt.totalCents, payment.receipt.currency);
  const intro = `Thank you: we received your payment of ${total} on ${dayOf(payment.paidAt)}.`;
  const table = receiptTable(payment.receipt);
  const link = payment.receiptUrl ?? payment.historyUrl;
  const action = payment.receiptUrl ? "View your receipt" : "See your payments";
  const outro = "Your payments and their receipts are also listed under Transaction History in the portal.";
  return {
    to,
    subject: `Your receipt for ${total}`,
    text: `${intro}\n\n${table.text}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p>${table.html}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function paymentFailedMail(
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
  const amount = formatMoney(failure.amountCents, failure.currency);
  const what = failure.product ? ` for ${failure.product}` : "";
  const intro = `Your payment of ${amount}${what} could not be taken on ${dayOf(failure.failedAt)}.`;
  const ask = "Pay now to keep your plan running. If your card has changed, update it under Manage billing.";
  const outro = `Your payments are listed under Transaction History: ${failure.historyUrl}`;
  return {
    to,
    subject: `Your payment of ${amount} failed`,
    text: `${intro}\n\n${ask}\n\nPay now: ${failure.payNowUrl}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(ask)}</p><p><a href="${escapeHtml(failure.payNowUrl)}">Pay now</a></p><p>Your payments are listed under <a href="${escapeHtml(failure.historyUrl)}">Transaction History</a>.</p>`,
  };
}
