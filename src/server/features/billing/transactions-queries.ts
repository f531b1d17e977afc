/** Reading a customer's ledger: newest first, by when the payment happened, else when it was recorded. */
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  isNotNull,
  isNull,
  like,
  not,
  type SQL,
  sql,
} from "drizzle-orm";
import type { BillingAccount } from "../../../shared/api/subscriptions";
import type { Transaction, TransactionExportQuery } from "../../../shared/api/transactions";
import type { PaymentsPort } from "../../adapters/payments/port";
import type { Database } from "../../db/client";
import { orders, subscriptions, type TransactionRow, transactions } from "../../db/schema";
import { firstInvoiceOfCheckout } from "../../ledger/first-invoice";
import { invoicePaidSince, isPayableFailure } from "../../ledger/pay-now";

/** A ledger row, and whether its invoice has been paid since (what "Pay now" depends on). */
export type ListedTransaction = TransactionRow & { paidSince: boolean };

// The same expression as the list's index, so the newest rows come straight off it.
const occurredAt = sql`coalesce(${transactions.createdTime}, ${transactions.createdAt})`;

export function transactionDto(
  row: ListedTransaction,
  payments: Pick<PaymentsPort, "kind"> | undefined,
): Transaction {
  return {
    id: row.id,
    source: row.source,
    product: row.product,
    eventType: row.eventType,
    createdTime: row.createdTime?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    amountActual: row.amountActual,
    amountCents: row.amountCents,
    currency: row.currency,
    eventId: row.eventId,
    csLiveId: row.csLiveId,
    clientRefId: row.clientRefId,
    object: row.object,
    discounts: row.discounts,
    email: row.email,
    phone: row.phone,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    addressCity: row.addressCity,
    addressPostcode: row.addressPostcode,
    addressCountry: row.addressCountry,
    receiptUrl: row.receiptUrl,
    stripeCustomerId: row.stripeCustomerId,
    payNow: isPayableFailure(row, row.paidSince, payments),
  };
}

const listed = { ...getTableColumns(transactions), paidSince: invoicePaidSince };

/** The newest `limit` transactions of a customer, and how many they have in all. */
export async function newestTransactions(
  db: Database,
  userId: number,
  limit: number,
): Promise<{ rows: ListedTransaction[]; total: number }> {
  const shown = and(eq(transactions.userId, userId), not(firstInvoiceOfCheckout));
  const [rows, [counted]] = await Promise.all([
    db
      .select(listed)
      .from(transactions)
      .where(shown)
      .orderBy(desc(occurredAt), desc(transactions.id))
      .limit(limit),
    db.select({ total: count() }).from(transactions).where(shown),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every transaction of a customer that the page's filter and search would show, newest first. */
export async function matchingTransactions(
  db: Database,
  userId: number,
  query: TransactionExportQuery,
): Promise<TransactionRow[]> {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (query.eventType) conditions.push(eq(transactions.eventType, query.eventType));
  const search = query.q?.trim();
  if (search) conditions.push(ilike(transactions.product, `%${search.replace(/[\\%_]/g, "\\$&")}%`));
  return db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(occurredAt), desc(transactions.id));
}

/**
 * The Stripe customer a portal customer last paid as, from their orders, their ledger (whatever
 * brought the row) or their plans.
 */
export async function stripeCustomerOf(db: Database, userId: number): Promise<string | null> {
  const [fromOrder] = await db
    .select({ id: orders.stripeCustomerId })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.stripeCustomerId)))
    .orderBy(desc(orders.id))
    .limit(1);
  if (fromOrder?.id) return fromOrder.id;
  const [fromLedger] = await db
    .select({ id: transactions.stripeCustomerId })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), isNotNull(transactions.stripeCustomerId)))
    .orderBy(desc(transactions.id))
    .limit(1);
  if (fromLedger?.id) return fromLedger.id;
  const [fromPlans] = await db
    .select({ id: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.stripeCustomerId)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return fromPlans?.id ?? null;
}

/**
 * Stripe checkout sessions of the customer's payments that the operator's base recorded before the
 * portal knew their Stripe customer: Stripe can say whose they were. Newest first, a few.
 */
export async function checkoutSessionsFromBefore(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: transactions.csLiveId, occurred: occurredAt })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        like(transactions.csLiveId, "cs\\_%"),
        isNull(transactions.stripeCustomerId),
      ),
    )
    .orderBy(desc(occurredAt))
    .limit(3);
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/** Records the Stripe customer found for a checkout session on the customer's rows of it. */
export async function rememberStripeCustomer(
  db: Database,
  userId: number,
  sessionId: string,
  customerId: string,
): Promise<void> {
  await db
    .update(transactions)
    .set({ stripeCustomerId: customerId })
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.csLiveId, sessionId),
        isNull(transactions.stripeCustomerId),
      ),
    );
}

/**
 * Whether Manage billing has a billing account to open: a known Stripe customer, or (with Stripe)
 * a payment from before the portal whose checkout session Stripe can name the customer of.
 */
export async function billingAccountOf(
  db: Database,
  payments: PaymentsPort | undefined,
  userId: number,
): Promise<BillingAccount> {
  if (!payments) return "unavailable";
  if (await stripeCustomerOf(db, userId)) return "ready";
  if (payments.kind === "stripe" && (await checkoutSessionsFromBefore(db, userId)).length > 0) return "ready";
  return "none";
}

/** Payment events that named no known customer: kept for an admin, never shown to a customer. */
export async function unlinkedTransactions(db: Database, limit: number): Promise<ListedTransaction[]> {
  return db
    .select(listed)
    .from(transactions)
    .where(isNull(transactions.userId))
    .orderBy(desc(occurredAt), desc(transactions.id))
    .limit(limit);
}

/** One ledger row by id, as the lists show it. */
export async function listedTransaction(db: Database, id: number): Promise<ListedTransaction | undefined> {
  const [row] = await db.select(listed).from(transactions).where(eq(transactions.id, id));
  return row;
}
