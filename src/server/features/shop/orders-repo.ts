/** The orders table: every checkout attempt and where its payment stands. */
import { and, desc, eq, inArray, isNotNull, lt, ne, notInArray, sql } from "drizzle-orm";
import type { HeldOrder, OrderStatus, OrderSummary } from "../../../shared/api/shop";
import type { PricedOrder } from "../../../shared/shop/pricing";
import type { Database } from "../../platform/db/database";
import { preparedPerDatabase } from "../../platform/db/prepared";
import { type OrderRow, orders, transactions, type UserRow, users } from "../../platform/db/schema";
import { shownToCustomer } from "./shown-orders";

export async function insertOrder(
  db: Database,
  input: {
    userId: number;
    provider: OrderRow["provider"];
    channel: OrderRow["channel"];
    priced: PricedOrder;
    stripeCustomerId: string | null;
    byLinkHolder: boolean;
  },
): Promise<OrderRow> {
  const { priced } = input;
  const [row] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      provider: input.provider,
      channel: input.channel,
      lines: priced.lines,
      subtotalCents: priced.subtotalCents,
      discountPercent: priced.tier?.percent ?? 0,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      stripeCustomerId: input.stripeCustomerId,
      byLinkHolder: input.byLinkHolder,
    })
    .returning();
  if (!row) throw new Error("The order was not saved");
  return row;
}

export async function setPaymentSession(db: Database, orderId: number, sessionId: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentSessionId: sessionId, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

export async function markFailed(db: Database, orderId: number, reason: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

export async function findOrderBySession(db: Database, sessionId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
  return row;
}

export async function findOrderById(db: Database, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * Moves an open order to `status`. Only an open order moves, so events arriving late or out of order
 * (an expiry after the payment, a repeat) never undo a paid order. Returns whether it moved.
 */
export async function closeOpenOrder(
  db: Database,
  orderId: number,
  status: Exclude<OrderStatus, "open">,
  extra: { paidAt?: Date; stripeCustomerId?: string | null } = {},
): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set({
      status,
      updatedAt: new Date(),
      ...(extra.paidAt ? { paidAt: extra.paidAt } : {}),
      ...(extra.stripeCustomerId ? { stripeCustomerId: extra.stripeCustomerId } : {}),
    })
    // A payment also completes an order the customer had cancelled or let expire on the test page:
    // the money moved, so the order is paid.
    .where(
      and(eq(orders.id, orderId), status === "paid" ? ne(orders.status, "paid") : eq(orders.status, "open")),
    )
    .returning({ id: orders.id });
  return moved.length > 0;
}

/**
 * Moves the order from `open`, and from `open` only, to `status` in one conditional UPDATE. Returns
 * the moved row, or undefined when the order was no longer open: of two requests racing for the
 * same order, exactly one moves it, which a read followed by a write cannot promise.
 */
export async function moveOpenOrder(
  db: Database,
  orderId: number,
  status: Exclude<OrderStatus, "open">,
  extra: { paidAt?: Date; stripeCustomerId?: string | null } = {},
): Promise<OrderRow | undefined> {
  const [moved] = await db
    .update(orders)
    .set({ status, updatedAt: new Date(), ...extra })
    .where(and(eq(orders.id, orderId), eq(orders.status, "open")))
    .returning();
  return moved;
}

/** Reopens an order that `moveOpenOrder` moved, when what moved it did not go through after all. */
export async function reopenOrder(db: Database, moved: OrderRow, before: OrderRow): Promise<void> {
  await db
    .update(orders)
    .set({
      status: "open",
      paidAt: before.paidAt,
      stripeCustomerId: before.stripeCustomerId,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, moved.id), eq(orders.status, moved.status)));
}

/**
 * Expires the customer's open orders beyond the newest `keep`, among those payment links' holders
 * started or among the others, in one statement, and returns how many it expired. A payment that
 * still arrives for one of them settles it (see closeOpenOrder).
 */
export async function expireOpenOrdersBeyond(
  db: Database,
  userId: number,
  byLinkHolder: boolean,
  keep: number,
): Promise<number> {
  const mine = and(
    eq(orders.userId, userId),
    eq(orders.status, "open"),
    eq(orders.byLinkHolder, byLinkHolder),
  );
  const newest = db.select({ id: orders.id }).from(orders).where(mine).orderBy(desc(orders.id)).limit(keep);
  const expired = await db
    .update(orders)
    .set({ status: "expired", updatedAt: new Date() })
    .where(and(mine, notInArray(orders.id, newest)))
    .returning({ id: orders.id });
  return expired.length;
}

/** The customer a payment link names. */
export async function customerByUid(db: Database, uid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return row;
}

/** The Stripe customer id recorded for the user by an earlier paid order, if any. */
export async function stripeCustomerIdOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.stripeCustomerId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid"), isNotNull(orders.stripeCustomerId)))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether the customer had paid before this order's checkout began: any other order paid (or since
 * refunded) by then, or any row of their ledger from before it that is not a failure or a refund,
 * whether it came from the operator's base (a customer since 2025, say) or from the payment
 * provider. This order's own payment never counts: not its checkout's row, not an invoice naming
 * the order, and not any row recorded after the checkout began (the first invoice of its
 * subscription may name neither).
 */
export async function paidBefore(db: Database, userId: number, order: OrderRow): Promise<boolean> {
  const otherOrder = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        ne(orders.id, order.id),
        inArray(orders.status, ["paid", "refunded"] satisfies OrderStatus[]),
        lt(orders.paidAt, order.createdAt),
      ),
    )
    .limit(1);
  const ledgerRow = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        sql`coalesce(${transactions.createdTime}, ${transactions.createdAt}) < ${order.createdAt}`,
        sql`${transactions.orderId} is distinct from ${order.id}`,
        order.paymentSessionId
          ? sql`${transactions.csLiveId} is distinct from ${order.paymentSessionId}`
          : undefined,
        // Event types as the base writes them may differ in case or carry spaces.
        sql`coalesce(lower(btrim(${transactions.eventType})), '') not in ('payment.failed', 'refund.created')`,
      ),
    )
    .limit(1);
  // Asked through the customer's own row: one round trip for both questions.
  const [row] = await db
    .select({ paid: sql<boolean>`exists(${otherOrder}) or exists(${ledgerRow})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.paid === true;
}

function figuresOf(row: OrderRow) {
  return {
    status: row.status,
    lines: row.lines.map(({ key, name, quantity, unitCents, totalCents }) => ({
      key,
      name,
      quantity,
      unitCents,
      totalCents,
    })),
    subtotalCents: row.subtotalCents,
    discountPercent: row.discountPercent,
    discountCents: row.discountCents,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** The order as whoever holds its checkout's session id or cancel link sees it: nothing of its customer. */
export function heldOrderDto(row: OrderRow, yours: boolean, firstPaidOrder: boolean): HeldOrder {
  return { ...figuresOf(row), yours, firstPaidOrder: yours && firstPaidOrder };
}

export function orderSummaryDto(row: OrderRow, receiptUrl: string | null): OrderSummary {
  return { id: row.id, ...figuresOf(row), receiptUrl };
}

/**
 * The customer's own order with this id, as their list shows it; another customer's, and an unpaid
 * one a payment link's holder started, are as unknown as one that does not exist.
 */
export async function findOwnOrder(db: Database, userId: number, id: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId), shownToCustomer))
    .limit(1);
  return row;
}

/**
 * Where a page of the list ends: the last order's creation time, to the microsecond as PostgreSQL
 * keeps it (a JavaScript date would drop the last three digits and skip or repeat orders), and its id.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,10})$/;

export function encodeOrderCursor(createdAt: string, id: number): string {
  return Buffer.from(`${createdAt}_${id}`).toString("base64url");
}

/** The position a cursor names, or null for text that is no cursor this list gave. */
export function decodeOrderCursor(cursor: string): OrderPosition | null {
  const match = CURSOR.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  if (!match?.[1] || !match[2]) return null;
  const id = Number(match[2]);
  if (id < 1 || id > 2_147_483_647 || Number.isNaN(Date.parse(match[1]))) return null;
  return { createdAt: match[1], id };
}

export interface OrderPosition {
  createdAt: string;
  id: number;
}

/**
 * A page of the customer's orders, newest first (creation time, then id), after `after`: keyset
 * paging on the (user_id, created_at) index, so a page costs the same however far down it is.
 */
export async function pageOfOrders(
  db: Database,
  userId: number,
  options: { after: OrderPosition | null; limit: number; status?: OrderStatus | undefined },
): Promise<{ rows: Array<{ order: OrderRow; receiptUrl: string | null }>; nextCursor: string | null }> {
  const { after, limit, status } = options;
  const found =
    !after && !status
      ? await firstPageQuery(db).execute({ userId, limit: limit + 1 })
      : await orderPageSelect(db)
          .where(
            and(
              eq(orders.userId, userId),
              shownToCustomer,
              status ? eq(orders.status, status) : undefined,
              after
                ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`
                : undefined,
            ),
          )
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ order, receiptUrl }) => ({ order, receiptUrl })),
    nextCursor: found.length > limit && last ? encodeOrderCursor(last.position, last.order.id) : null,
  };
}

/**
 * The receipt of an order's payment: the first payment row of the ledger that names the order and
 * has a receipt (a failed payment's invoice page and a refund's receipt are not the order's receipt).
 * Read with the order, in the same statement.
 */
// Written with table-qualified names: in a select from one table, the query builder writes columns
// unqualified, and `id` would then name the ledger row's own id.
const receiptOfOrder = sql<string | null>`(
  select ledger.receipt_url from ${transactions} as ledger
  where ledger.order_id = ${sql.identifier("orders")}.${sql.identifier("id")}
    and ledger.receipt_url is not null
    and coalesce(lower(btrim(ledger.event_type)), '') not in ('payment.failed', 'refund.created')
  order by coalesce(ledger.created_time, ledger.created_at), ledger.id
  limit 1
)`;

const orderPageSelect = (db: Database) =>
  db
    .select({
      order: orders,
      position: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      receiptUrl: receiptOfOrder,
    })
    .from(orders);

/** The first page with no filter, as the orders screen first asks for it (see prepared.ts). */
const firstPageQuery = preparedPerDatabase((db) =>
  orderPageSelect(db)
    .where(and(eq(orders.userId, sql.placeholder("userId")), shownToCustomer))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(sql.placeholder("limit"))
    .prepare("orders_first_page"),
);
