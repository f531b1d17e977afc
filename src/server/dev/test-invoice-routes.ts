/**
 * The test provider's hosted invoice page (decision 030), outside production and only without
 * Stripe, as Stripe's `hosted_invoice_url` is for a real payment: `/test-invoice/{invoiceId}` shows
 * a paid invoice as its receipt (the order's lines, discount line and total, as the checkout showed
 * them) and a failed one as the amount due with Pay. Pay sends the signed `invoice.paid` Stripe
 * would send through the portal's own webhook route, under one event id per invoice, so paying
 * twice (or two tabs at once) records one payment.
 */
import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { singleLineText } from "../../shared/api/text";
import { formatMoney } from "../../shared/money";
import { FAILED_EVENT_TYPE, PAID_EVENT_TYPE, type Receipt, receiptOf } from "../features/billing";
import type { TestPaymentsPort } from "../platform/adapters/payments/port";
import type { Config } from "../platform/config";
import type { Database } from "../platform/db/database";
import { type TransactionRow, transactions } from "../platform/db/schema";
import { escapeHtml } from "../platform/http/escape-html";

const paramsSchema = z.object({ invoiceId: singleLineText().min(1, "Required").max(200) });

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#52525b}
table{width:100%;border-collapse:collapse;margin-bottom:1rem}th,td{padding:.4rem 0;text-align:left}
td.n,th.n{text-align:right}tfoot th,tfoot td{border-top:1px solid #e4e4e7;font-weight:600}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
a{color:#1d4ed8}.note{font-size:.875rem}form{margin:0 0 1rem}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}main{background:#18181b}p{color:#a1a1aa}a{color:#93c5fd}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The lines, the discount line and the total, as the test checkout lists them. */
function receiptTable(receipt: Receipt, totalLabel: string): string {
  const money = (cents: number) => escapeHtml(formatMoney(cents, receipt.currency));
  const rows = receipt.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td class="n">${line.quantity ?? ""}</td><td class="n">${money(line.amountCents)}</td></tr>`,
    )
    .join("");
  const discount = receipt.discount
    ? `<tr><th scope="row" colspan="2">${escapeHtml(receipt.discount.label)}</th><td class="n">−${money(receipt.discount.amountCents)}</td></tr>`
    : "";
  return `<table><thead><tr><th scope="col">Item</th><th scope="col" class="n">Qty</th><th scope="col" class="n">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row" colspan="2">Subtotal</th><td class="n">${money(receipt.subtotalCents)}</td></tr>${discount}
<tr><th scope="row" colspan="2">${escapeHtml(totalLabel)}</th><td class="n">${money(receipt.totalCents)}</td></tr></tfoot></table>`;
}

const notFoundPage = page(
  "Invoice not found",
  "<h1>Invoice not found</h1><p>This invoice does not exist.</p>",
);

/** The invoice's rows in the ledger: its payment, else its latest failure. */
async function invoiceRows(db: Database, invoiceId: string) {
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.invoiceId, invoiceId), eq(transactions.source, "test")))
    .orderBy(desc(transactions.createdTime), desc(transactions.id));
  return {
    paid: rows.find((row) => row.eventType === PAID_EVENT_TYPE),
    failed: rows.find((row) => row.eventType === FAILED_EVENT_TYPE),
  };
}

const testInvoiceRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  payments: TestPaymentsPort;
}> = async (app, { db, config, payments }) => {
  const schema = { params: paramsSchema };
  const historyLink = `<p><a href="${escapeHtml(`${config.appUrl}/billing/transactions`)}">Return to Transaction History</a></p>`;
  // Pay is a plain HTML form with no fields; its body is accepted and ignored in this plugin only.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => {
      done(null, {});
    },
  );

  async function invoicePage(invoiceId: string): Promise<{ status: number; html: string }> {
    const { paid, failed } = await invoiceRows(db, invoiceId);
    if (paid) {
      const receipt = await receiptOf(db, paid);
      const when = (paid.createdTime ?? paid.createdAt).toISOString().slice(0, 10);
      return {
        status: 200,
        html: page(
          "Receipt",
          `<h1>Receipt</h1>
<p>Paid on ${escapeHtml(when)} through the portal's test checkout: no card was charged.</p>
${receiptTable(receipt, "Amount paid")}
<p class="note">Invoice ${escapeHtml(invoiceId)}</p>${historyLink}`,
        ),
      };
    }
    if (failed) {
      const receipt = await receiptOf(db, failed);
      const action = `/test-invoice/${encodeURIComponent(invoiceId)}/pay`;
      return {
        status: 200,
        html: page(
          "Invoice due",
          `<h1>Invoice due</h1>
<p>The payment of this invoice failed. No card is charged here: this page stands in for Stripe's invoice page while the portal runs without Stripe.</p>
${receiptTable(receipt, "Amount due")}
<form method="post" action="${escapeHtml(action)}"><button type="submit">Pay ${escapeHtml(formatMoney(failed.amountCents, failed.currency))}</button></form>${historyLink}`,
        ),
      };
    }
    return { status: 404, html: notFoundPage };
  }

  app.get("/test-invoice/:invoiceId", { config: { access: "public" }, schema }, async (request, reply) => {
    const { status, html } = await invoicePage(request.params.invoiceId);
    return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(html);
  });

  app.post(
    "/test-invoice/:invoiceId/pay",
    { config: { access: "public" }, schema },
    async (request, reply) => {
      const { invoiceId } = request.params;
      const { paid, failed } = await invoiceRows(db, invoiceId);
      if (paid || !failed) {
        const { status, html } = await invoicePage(invoiceId);
        return reply
          .code(paid ? 409 : status)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(html);
      }
      const payload = JSON.stringify(invoicePaidEvent(failed, payments.invoicePageUrl(invoiceId)));
      const delivered = await app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: {
          "content-type": "application/json",
          "stripe-signature": await payments.signEvent(payload),
        },
        payload,
      });
      if (delivered.statusCode !== 200) {
        request.log.error({ status: delivered.statusCode }, "the test invoice's payment event was refused");
        return reply
          .code(502)
          .type("text/html; charset=utf-8")
          .send(page("Payment failed", "<h1>Payment failed</h1><p>The payment event was refused.</p>"));
      }
      return reply.redirect(`/test-invoice/${encodeURIComponent(invoiceId)}`, 303);
    },
  );
};

/**
 * The `invoice.paid` for a failed invoice paid on its page: one event id per invoice, so the webhook
 * records a second Pay (or one racing the first) as the same event, once.
 */
function invoicePaidEvent(failed: TransactionRow, url: string) {
  const invoiceId = failed.invoiceId ?? "";
  const metadata: Record<string, string> = {};
  if (failed.uid) metadata.customer_uid = failed.uid;
  if (failed.orderId) metadata.order_id = String(failed.orderId);
  return {
    id: `evt_local_paid_${invoiceId}`.slice(0, 255),
    object: "event",
    type: "invoice.paid",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: invoiceId,
        object: "invoice",
        status: "paid",
        customer: failed.stripeCustomerId,
        customer_email: failed.email,
        customer_name: failed.name,
        amount_due: failed.amountCents,
        amount_paid: failed.amountCents,
        subtotal: failed.amountCents,
        total: failed.amountCents,
        currency: failed.currency.toLowerCase(),
        hosted_invoice_url: url,
        lines: {
          object: "list",
          data: failed.product ? [{ description: failed.product, amount: failed.amountCents }] : [],
        },
        parent: { type: "subscription_details", subscription_details: { metadata } },
      },
    },
  };
}

export default testInvoiceRoutes;
