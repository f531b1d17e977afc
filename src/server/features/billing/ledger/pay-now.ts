/**
 * "Pay now" on a failed payment: the failed invoice's own page at the provider, where the customer
 * pays what is due (Stripe's hosted invoice page; the test provider's local one). Only a failure the
 * payment provider reported, for an invoice not paid since, can be paid again (decision 030).
 */
import { and, eq, sql } from "drizzle-orm";
import type { PaymentsPort, TestPaymentsPort } from "../../../platform/adapters/payments/port";
import type { Database } from "../../../platform/db/database";
import { type TransactionRow, transactions } from "../../../platform/db/schema";

export const FAILED_EVENT_TYPE = "payment.failed";
export const PAID_EVENT_TYPE = "payment.succeeded";

type PayableFields = Pick<TransactionRow, "eventType" | "source" | "invoiceId">;

/**
 * SQL for "this row's invoice has been paid since": a paid event for the same invoice is in the
 * ledger; asked only of a failed payment's row. The outer row is named by table, as drizzle leaves a
 * single table's columns unqualified.
 */
export const invoicePaidSince = sql<boolean>`case when "transactions"."event_type" = ${FAILED_EVENT_TYPE}
  and "transactions"."invoice_id" is not null then exists (
    select 1 from ${transactions} as paid
    where paid.invoice_id = "transactions"."invoice_id" and paid.event_type = ${PAID_EVENT_TYPE})
  else false end`;

/** A failed payment the configured provider reported, for an invoice it can still take payment of. */
export function isPayableFailure(
  row: PayableFields,
  paidSince: boolean,
  payments: Pick<PaymentsPort, "kind"> | undefined,
): boolean {
  return (
    row.eventType === FAILED_EVENT_TYPE &&
    row.invoiceId !== null &&
    !paidSince &&
    payments !== undefined &&
    row.source === payments.kind
  );
}

export async function isInvoicePaid(db: Database, invoiceId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.invoiceId, invoiceId), eq(transactions.eventType, PAID_EVENT_TYPE)))
    .limit(1);
  return paid !== undefined;
}

/**
 * Where "Pay now" goes for a payable failure: the test provider's page for the invoice, or the hosted
 * invoice page Stripe sent with the failure. Null when the event brought no page to pay on.
 */
export function payNowUrlOf(
  payments: PaymentsPort,
  row: Pick<TransactionRow, "invoiceId" | "receiptUrl">,
): string | null {
  if (isTestProvider(payments)) return row.invoiceId ? payments.invoicePageUrl(row.invoiceId) : null;
  return row.receiptUrl;
}

function isTestProvider(payments: PaymentsPort): payments is TestPaymentsPort {
  return payments.kind === "test" && "invoicePageUrl" in payments;
}
