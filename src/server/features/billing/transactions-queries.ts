/** Reading a customer's ledger: newest first, by when the payment happened, else when it was recorded. */
import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Transaction, TransactionExportQuery } from "../../../shared/api/transactions";
import type { Database } from "../../db/client";
import { orders, type TransactionRow, transactions } from "../../db/schema";

// The same expression as the list's index, so the newest rows come straight off it.
const occurredAt = sql`coalesce(${transactions.createdTime}, ${transactions.createdAt})`;

export function transactionDto(row: TransactionRow): Transaction {
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
  };
}

/** The newest `limit` transactions of a customer, and how many they have in all. */
export async function newestTransactions(
  db: Database,
  userId: number,
  limit: number,
): Promise<{ rows: TransactionRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(occurredAt), desc(transactions.id))
      .limit(limit),
    db.select({ total: count() }).from(transactions).where(eq(transactions.userId, userId)),
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

/** The Stripe customer a portal customer last paid as, from their orders or their ledger. */
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
  return fromLedger?.id ?? null;
}

/** Payment events that named no known customer: kept for an admin, never shown to a customer. */
export async function unlinkedTransactions(db: Database, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(isNull(transactions.userId))
    .orderBy(desc(occurredAt), desc(transactions.id))
    .limit(limit);
}
