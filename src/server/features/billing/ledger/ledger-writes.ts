/**
 * Writing the ledger: one row per payment event id, whichever source brings it first. A later copy
 * of the same event, from the other source, fills the fields still empty and changes nothing else.
 * The shop's webhook and the sync from the operator's base both write through here.
 */
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../platform/db/database";
import { orders, subscriptions, type TransactionRow, transactions, users } from "../../../platform/db/schema";
import type { LedgerEntry, PaymentReferences } from "./payment-event-entry";

/** The columns a later copy of an event may fill; the amount, source and event id stay the first's. */
const FILLABLE_COLUMNS = [
  "userId",
  "uid",
  "csLiveId",
  "object",
  "clientRefId",
  "amountActual",
  "product",
  "eventType",
  "email",
  "name",
  "phone",
  "customerEmail",
  "addressCity",
  "addressLine1",
  "addressLine2",
  "addressCountry",
  "addressPostcode",
  "discounts",
  "receiptUrl",
  "stripeCustomerId",
  "orderId",
  "invoiceId",
  "createdTime",
] as const satisfies ReadonlyArray<keyof LedgerEntry>;

const columns = getTableColumns(transactions);

/** `column = coalesce(column, <value>)` for every fillable column, the value taken from `laterValue`. */
function fillMissingSet(laterValue: (column: (typeof FILLABLE_COLUMNS)[number]) => SQL | unknown) {
  return Object.fromEntries(
    FILLABLE_COLUMNS.map((column) => [column, sql`coalesce(${columns[column]}, ${laterValue(column)})`]),
  );
}

/**
 * Records a payment event's row, or fills the empty fields of the row its event id already has, and
 * answers the row as it now stands.
 */
export async function recordLedgerEntry(
  db: Database,
  entry: LedgerEntry,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .insert(transactions)
    .values(entry)
    .onConflictDoUpdate({
      target: transactions.eventId,
      targetWhere: isNotNull(transactions.eventId),
      set: fillMissingSet((column) => sql.raw(`excluded."${columns[column].name}"`)),
    })
    .returning();
  return row;
}

/** Fills the empty fields of row `id` from a later copy of its event. */
export async function fillLedgerRow(db: Database, id: number, copy: LedgerEntry): Promise<void> {
  await db
    .update(transactions)
    .set({
      ...fillMissingSet((column) => copy[column] ?? null),
      airtableRecordId: sql`coalesce(${transactions.airtableRecordId}, ${copy.airtableRecordId ?? null})`,
      lastSyncedAt: copy.lastSyncedAt ?? new Date(),
    })
    .where(eq(transactions.id, id));
}

/**
 * Whose payment it is: the uid the checkout carried, else the owner of the order in its metadata,
 * else whoever paid earlier as the same Stripe customer. Null when none of them is known.
 */
export async function customerOfPayment(
  db: Database,
  references: PaymentReferences,
): Promise<{ id: number; uid: string } | null> {
  const owner = { id: users.id, uid: users.uid };
  if (references.uid) {
    const [user] = await db.select(owner).from(users).where(eq(users.uid, references.uid));
    if (user) return user;
  }
  if (references.orderId) {
    const [user] = await db
      .select(owner)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, references.orderId));
    if (user) return user;
  }
  if (references.stripeCustomerId) {
    const [fromOrder] = await db
      .select(owner)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.stripeCustomerId, references.stripeCustomerId))
      .orderBy(desc(orders.id))
      .limit(1);
    if (fromOrder) return fromOrder;
    const [fromLedger] = await db
      .select(owner)
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(eq(transactions.stripeCustomerId, references.stripeCustomerId))
      .limit(1);
    if (fromLedger) return fromLedger;
    const [fromPlans] = await db
      .select(owner)
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(subscriptions.stripeCustomerId, references.stripeCustomerId))
      .limit(1);
    if (fromPlans) return fromPlans;
  }
  return null;
}

/** The id of the order, when there is one: a payment's row links only to an order that exists. */
export async function existingOrderId(db: Database, orderId: number | null): Promise<number | null> {
  if (!orderId) return null;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return order?.id ?? null;
}

/**
 * A checkout's receipt is its first invoice's: Stripe gives a Checkout Session no receipt of its own,
 * and the session and its invoice arrive as two events, in either order. Once both are in, the
 * checkout's row takes the receipt of the paid invoice it names, or, when its event named none, of
 * its order's first paid invoice.
 */
export async function linkCheckoutReceipts(
  db: Database,
  keys: { invoiceId: string | null; orderId: number | null },
): Promise<void> {
  const { invoiceId, orderId } = keys;
  if (!invoiceId && !orderId) return;
  // The row being updated is named by table: drizzle leaves its columns unqualified, and inside the
  // subquery they would name the inner row.
  const firstPaidInvoice = sql`(
    select paid.receipt_url from ${transactions} as paid
    where paid.event_type = 'payment.succeeded' and paid.receipt_url is not null
      and (paid.invoice_id = "transactions"."invoice_id"
        or ("transactions"."invoice_id" is null and paid.order_id = "transactions"."order_id"))
    order by coalesce(paid.created_time, paid.created_at), paid.id
    limit 1)`;
  await db
    .update(transactions)
    .set({ receiptUrl: firstPaidInvoice })
    .where(
      and(
        eq(transactions.eventType, "checkout.session.completed"),
        isNull(transactions.receiptUrl),
        or(
          invoiceId ? eq(transactions.invoiceId, invoiceId) : undefined,
          orderId ? eq(transactions.orderId, orderId) : undefined,
        ),
      ),
    );
}

/** A row the sync wants to write, and the problem that kept it out, if any. */
export interface BaseRowProblem {
  recordId: string;
  message: string;
}

/**
 * Writes the rows of one sync batch from the operator's base. A record already in the ledger is
 * updated; a record whose event the payment provider brought first fills that row's empty fields
 * (and links it to the record); a second record with an event id another record holds is refused.
 */
export async function storeBaseTransactions(
  db: Database,
  rows: Array<LedgerEntry & { airtableRecordId: string }>,
): Promise<{ synced: number; problems: BaseRowProblem[] }> {
  const recordIds = rows.map((row) => row.airtableRecordId);
  const eventIds = rows.flatMap((row) => (row.eventId ? [row.eventId] : []));
  const existing = await db
    .select({
      id: transactions.id,
      recordId: transactions.airtableRecordId,
      eventId: transactions.eventId,
      source: transactions.source,
    })
    .from(transactions)
    // An empty list matches nothing (drizzle writes it as false).
    .where(or(inArray(transactions.airtableRecordId, recordIds), inArray(transactions.eventId, eventIds)));
  // Keyed by record and by event id; a row without one sits under null, which no lookup asks for.
  const byRecord = new Map(existing.map((row) => [row.recordId, row]));
  const byEvent = new Map(existing.map((row) => [row.eventId, row]));

  const problems: BaseRowProblem[] = [];
  const upserts: typeof rows = [];
  const fills: Array<{ id: number; row: (typeof rows)[number] }> = [];
  const eventsInBatch = new Map<string, string>();
  for (const row of rows) {
    const mine = byRecord.get(row.airtableRecordId);
    if (row.eventId) {
      const other = eventsInBatch.get(row.eventId);
      if (other !== undefined) {
        problems.push({ recordId: row.airtableRecordId, message: `record ${other} has the same event id` });
        continue;
      }
      eventsInBatch.set(row.eventId, row.airtableRecordId);
      const sameEvent = byEvent.get(row.eventId);
      if (sameEvent && sameEvent.id !== mine?.id) {
        if (sameEvent.recordId === null && !mine) {
          fills.push({ id: sameEvent.id, row });
        } else {
          const holder = sameEvent.recordId ?? "a payment event";
          problems.push({ recordId: row.airtableRecordId, message: `${holder} already has this event id` });
        }
        continue;
      }
    }
    // A row the payment provider brought keeps its own fields: the base only fills the empty ones.
    if (mine && mine.source !== "airtable") fills.push({ id: mine.id, row });
    else upserts.push(row);
  }

  let synced = fills.length;
  for (const fill of fills) await fillLedgerRow(db, fill.id, fill.row);
  if (upserts.length > 0) {
    // Every key of a row is a column; the record id is the conflict target and stays as it is.
    const keys = Object.keys(upserts[0] ?? {}) as Array<keyof typeof columns>;
    const written = await db
      .insert(transactions)
      .values(upserts)
      .onConflictDoUpdate({
        target: transactions.airtableRecordId,
        set: Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key].name}"`)])),
      })
      .returning({ id: transactions.id });
    synced += written.length;
  }
  return { synced, problems };
}
