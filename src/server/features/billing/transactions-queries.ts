/** Reading a customer's ledger: newest first, by when the payment happened, else when it was recorded. */
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  isNull,
  like,
  not,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { BillingAccount } from "../../../shared/api/subscriptions";
import {
  type Transaction,
  type TransactionCursor,
  type TransactionExportQuery,
  transactionCursorOf,
} from "../../../shared/api/transactions";
import type { PaymentsPort } from "../../platform/adapters/payments/port";
import type { Database } from "../../platform/db/database";
import { preparedPerDatabase } from "../../platform/db/prepared";
import {
  orders,
  subscriptions,
  type TransactionRow,
  transactionCountsByType,
  transactions,
} from "../../platform/db/schema";
import { firstInvoiceOfCheckout } from "./ledger/first-invoice";
import { invoicePaidSince, isPayableFailure } from "./ledger/pay-now";

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

/** What the page's type filter and product search narrow the list to. */
export interface TransactionFilters {
  eventType?: string | undefined;
  q?: string | undefined;
}

function filterConditions(filters: TransactionFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.eventType) conditions.push(eq(transactions.eventType, filters.eventType));
  const search = filters.q?.trim();
  if (search) conditions.push(ilike(transactions.product, `%${search.replace(/[\\%_]/g, "\\$&")}%`));
  return conditions;
}

/** The rows a customer's list shows: theirs, without a checkout's first invoice. */
const shownOf = (userId: number | Placeholder) =>
  and(eq(transactions.userId, userId), not(firstInvoiceOfCheckout)) as SQL;

/** When a row happened, to the microsecond, in UTC: the cursor's text, exact for keyset paging. */
const occurredText = sql<string>`to_char(${occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of a customer's list: at most `limit` rows after `cursor` in the list's order (newest
 * first by when the payment happened, then the higher id, so rows sharing a time are neither
 * repeated nor skipped), and the cursor of the page after it. The time bound comes first so the
 * (user, occurred) index answers it; the id only breaks ties at the boundary.
 */
export async function transactionPage(
  db: Database,
  userId: number,
  query: TransactionFilters & { cursor?: TransactionCursor | undefined; limit: number },
): Promise<{ rows: ListedTransaction[]; nextCursor: string | null }> {
  const conditions = [shownOf(userId), ...filterConditions(query)];
  const found =
    conditions.length === 1 && !query.cursor
      ? await firstPageQuery(db).execute({ userId, limit: query.limit + 1 })
      : await pageAfter(db, conditions, query);
  const rows = found.slice(0, query.limit);
  const last = rows.at(-1);
  const nextCursor =
    found.length > query.limit && last
      ? transactionCursorOf({ occurredAt: last.occurred, id: last.id })
      : null;
  return { rows, nextCursor };
}

/** The first page with no filter, as the screen first asks for it (see prepared.ts). */
const firstPageQuery = preparedPerDatabase((db) =>
  db
    .select({ ...listed, occurred: occurredText })
    .from(transactions)
    .where(shownOf(sql.placeholder("userId")))
    .orderBy(desc(occurredAt), desc(transactions.id))
    .limit(sql.placeholder("limit"))
    .prepare("transactions_first_page"),
);

function pageAfter(
  db: Database,
  conditions: SQL[],
  query: { cursor?: TransactionCursor | undefined; limit: number },
) {
  if (query.cursor) {
    const at = sql`${query.cursor.occurredAt}::timestamptz`;
    conditions.push(
      sql`${occurredAt} <= ${at}`,
      sql`(${occurredAt} < ${at} or ${transactions.id} < ${query.cursor.id})`,
    );
  }
  return db
    .select({ ...listed, occurred: occurredText })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(desc(occurredAt), desc(transactions.id))
    .limit(query.limit + 1);
}

/**
 * How many rows a customer's list shows, how many of them match the filters, and every event type
 * among them (for the type filter). Without filters, as the screen first asks, from the counts the
 * ledger's triggers keep (decision 048); with them, one pass over the customer's rows.
 */
export async function transactionCounts(
  db: Database,
  userId: number,
  filters: TransactionFilters,
): Promise<{ total: number; matching: number; eventTypes: string[] }> {
  const matching = filterConditions(filters);
  if (matching.length === 0) {
    const byType = await keptCountsQuery(db).execute({ userId });
    const total = byType.reduce((sum, row) => sum + row.shown, 0);
    const eventTypes = byType.flatMap((row) => (row.eventType && row.shown > 0 ? [row.eventType] : []));
    return { total, matching: total, eventTypes: eventTypes.sort() };
  }
  const [row] = await countedNow(db, userId, and(...matching) as SQL);
  const eventTypes = [...(row?.eventTypes ?? [])].sort();
  return { total: row?.total ?? 0, matching: row?.matching ?? 0, eventTypes };
}

/** The counts from the ledger itself: every shown row, and those the condition narrows to. */
export function countedNow(db: Database, userId: number, narrowedTo: SQL) {
  return db
    .select({
      total: count(),
      matching: sql<number>`count(*) filter (where ${narrowedTo})`.mapWith(Number),
      eventTypes: sql<
        string[] | null
      >`array_agg(distinct ${transactions.eventType}) filter (where ${transactions.eventType} is not null)`,
    })
    .from(transactions)
    .where(shownOf(userId));
}

/**
 * The kept counts by type, less the rows the list leaves out. Only a paid row that names an invoice
 * or an order can be a checkout's first invoice: those of the customer come off their own index,
 * none at all for a ledger the operator's base brought (see prepared.ts).
 */
const keptCountsQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder("userId");
  const leftOut = db
    .select({ rows: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        sql`${transactions.eventType} = 'payment.succeeded' and (${transactions.invoiceId} is not null or ${transactions.orderId} is not null)`,
        firstInvoiceOfCheckout,
      ),
    );
  const kept = transactionCountsByType;
  return db
    .select({
      eventType: kept.eventType,
      shown:
        sql<number>`${kept.rowCount} - case when ${kept.eventType} = 'payment.succeeded' then (${leftOut}) else 0 end`.mapWith(
          Number,
        ),
    })
    .from(kept)
    .where(eq(kept.userId, userId))
    .prepare("transaction_counts");
});

/** Every transaction of a customer that the page's filter and search would show, newest first. */
export async function matchingTransactions(
  db: Database,
  userId: number,
  query: TransactionExportQuery,
): Promise<TransactionRow[]> {
  const conditions: SQL[] = [eq(transactions.userId, userId), ...filterConditions(query)];
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
  const [row] = await stripeCustomerQuery(db).execute({ userId });
  return row?.id ?? null;
}

/** The three places in one statement, in that order (see prepared.ts). */
const stripeCustomerQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder("userId");
  const latest = (table: typeof orders | typeof transactions | typeof subscriptions) =>
    sql`(select ${table.stripeCustomerId} from ${table} where ${table.userId} = ${userId} and ${table.stripeCustomerId} is not null order by ${table.id} desc limit 1)`;
  return db
    .select({
      id: sql<string | null>`coalesce(${latest(orders)}, ${latest(transactions)}, ${latest(subscriptions)})`,
    })
    .from(sql`(select 1) as one`)
    .prepare("stripe_customer_of");
});

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
