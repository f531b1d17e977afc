/**
 * Which ledger rows a customer's lists leave out: a subscription checkout's first invoice, the same
 * payment as the checkout (decision 030). Below the features, so every reader of the ledger (the
 * transactions list, the dashboard's activity) can leave out the same rows.
 */
import { sql } from "drizzle-orm";
import { transactions } from "../../../platform/db/schema";

/**
 * The first invoice of a subscription checkout: the same payment as the checkout, which Stripe
 * reports twice (the session, then its invoice). The list shows it once, as the checkout's card with
 * the invoice's receipt; the ledger and the CSV keep both events (decision 030). The outer row is
 * named by table: drizzle leaves a single table's columns unqualified. Only a paid invoice's row asks
 * at all; PostgreSQL reads the checkouts once per statement, off their partial index (migration 0024),
 * rather than every customer's ledger. An invoice or an order is one customer's, so the checkout's
 * owner need not be asked (naming it would make each lookup depend on the row, one probe per row).
 */
export const firstInvoiceOfCheckout = sql`case when "transactions"."event_type" = 'payment.succeeded' then (
  exists (
    select 1 from ${transactions} as checkout
    where checkout.invoice_id = "transactions"."invoice_id"
      and checkout.event_type = 'checkout.session.completed')
  or exists (
    select 1 from ${transactions} as checkout
    where checkout.order_id = "transactions"."order_id" and checkout.invoice_id is null
      and checkout.event_type = 'checkout.session.completed'
      and checkout.receipt_url = "transactions"."receipt_url")
) else false end`;
